/** Product types link to their attribute lists, one per kind (specifications, parameters). */
import { Button, useRecordContext } from 'react-admin';
import { productAttribute } from '../../schema/pms';
import { routePath, withQuery } from '../entity/routing';
import type { EntityScreenOptions } from '../entity/screenOptions';

const AttributeListLinks = () => {
  const record = useRecordContext();
  if (!record) return null;
  const list = routePath(productAttribute.menu.route);
  return (
    <>
      {(productAttribute.fields.type.options ?? []).map((kind) => (
        <Button
          key={String(kind.value)}
          label={`entity.pms.${kind.label}_list`}
          to={withQuery(list, { cid: record.id, type: kind.value })}
          // The row itself opens the edit dialog.
          onClick={(event) => event.stopPropagation()}
        />
      ))}
    </>
  );
};

export const productAttributeCategoryScreen: EntityScreenOptions = { rowActions: AttributeListLinks };
