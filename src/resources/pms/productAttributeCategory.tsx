/** Product types link to their attribute lists, one per kind (specifications, parameters). */
import type { productAttributeCategory } from '../../schema/pms/entities';
import { useRecordContext } from 'react-admin';
import { productAttribute } from '../../schema/pms/entities';
import { LinkButton } from '../../engine/LinkButton';
import { routePath, withQuery } from '../../engine/routing';
import type { ScreenOptionsOf } from '../../engine/screenOptions';

const AttributeListLinks = () => {
  const record = useRecordContext();
  if (!record) return null;
  const list = routePath(productAttribute.menu.route);
  return (
    <>
      {(productAttribute.fields.type.options ?? []).map((kind) => (
        <LinkButton key={String(kind.value)} label={`entity.pms.${kind.label}_list`} to={withQuery(list, { cid: record.id, type: kind.value })} />
      ))}
    </>
  );
};

export const productAttributeCategoryScreen: ScreenOptionsOf<typeof productAttributeCategory> = { rowActions: AttributeListLinks };
