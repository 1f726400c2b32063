/**
 * Product attributes are listed per product type and kind, as in `mall`:
 * `/pms/productAttrList?cid=<type id>&type=0|1` (specifications or parameters).
 */
import type { productAttribute } from '../../schema/pms/entities';
import Typography from '@mui/material/Typography';
import { useGetOne, useTranslate } from 'react-admin';
import type { Entity } from '../../schema/engine/entity';
import { productAttributeCategory } from '../../schema/pms/entities';
import { enumLabelKey } from '../../engine/labels';
import type { ScreenOptionsOf } from '../../engine/screenOptions';

/** "Parameters of Phones": which product type and kind the list shows. */
const ProductTypeHeader = ({ entity, pinned }: { readonly entity: Entity; readonly pinned: Readonly<Record<string, number | string>> }) => {
  const translate = useTranslate();
  const { data } = useGetOne(productAttributeCategory.name, { id: pinned.productAttributeCategoryId });
  const kind = entity.fields.type?.options?.find((o) => o.value === pinned.type);
  if (!data) return null;
  return (
    <Typography variant="subtitle1" component="p" sx={{ mt: 2 }}>
      {translate('entity.pms.attr_list_title', { name: String(data[productAttributeCategory.display] ?? '') })}
      {kind ? ` · ${translate(enumLabelKey(entity, 'type', kind))}` : ''}
    </Typography>
  );
};

export const productAttributeScreen: ScreenOptionsOf<typeof productAttribute> = {
  routeQuery: [
    { param: 'cid', field: 'productAttributeCategoryId' },
    { param: 'type', field: 'type' },
  ],
  listHeader: ProductTypeHeader,
};
