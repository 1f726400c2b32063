/**
 * The Molds area's declaration: a shop's molds (the tools its products are made with), their
 * states and wear against their rated life.
 */
import { dateTime, defineEntity, enumeration, image, int, longText, name, reference, referenceName, text } from '../engine/entity';

export const MOLD_STATUSES = [
  { value: 0, label: 'available' }, { value: 1, label: 'in_use' }, { value: 2, label: 'maintenance' }, { value: 3, label: 'retired' },
] as const;

/** Share of the rated life from which a mold is shown as near its end. */
export const MOLD_WEAR_WARNING = 0.9;

export const mold = defineEntity({
  name: 'mold', path: '/mold', table: 'mold', tenant: 'shop_id', display: 'name',
  menu: { route: 'kmold' },
  search: { param: 'keyword', fields: ['code', 'name'] },
  fields: {
    // Unique within its shop (the engine checks uniqueness per tenant; the index is (shop_id, code)).
    code: text({ required: true, length: [1, 64], pattern: /^[A-Za-z0-9_.-]+$/, unique: true, list: true, sortable: true }),
    name: name({ list: true, sortable: true }),
    shopId: reference('shop', 'shopName', { required: true, list: true, filter: { param: 'shopId', op: 'eq', alwaysOn: true } }),
    shopName: referenceName('shopId'),
    size: text({ length: [0, 100], list: true }),
    material: text({ length: [0, 100], list: true }),
    location: text({ length: [0, 200], list: true }),
    status: enumeration(MOLD_STATUSES, { default: 0, list: true, filter: { param: 'status', op: 'eq', alwaysOn: true } }),
    usageCount: int({ default: 0, min: 0, list: true, sortable: true }),
    ratedLife: int({ required: true, min: 1, list: true }),
    image: image({ list: true }),
    note: longText({ length: [0, 1000] }),
    createTime: dateTime({ auto: 'create', list: true, sortable: true }),
  },
  // Scoped like every other write: ids of another seller's molds are skipped, none of them = 404.
  batch: [
    { kind: 'delete', path: '/delete/batch' },
    { kind: 'set', path: '/update/status', field: 'status' },
  ],
});
