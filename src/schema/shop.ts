/**
 * Shops and what they own. This is the shop core that tenant scope hangs on (owner and status);
 * the sellers work adds the shop's full fields, screens and the VIP gate. Die-cutting molds are
 * the first shop-owned entity.
 */
import { dateTime, defineEntity, enumeration, image, int, longText, name, reference, referenceName, text } from './entity';

export const shop = defineEntity({
  name: 'shop', path: '/shop', table: 'shop', tenant: 'id', display: 'shopName',
  menu: { section: 'shop', route: 'shopList', create: 'addShop', edit: 'updateShop' },
  search: { param: 'keyword', fields: ['shopName'] },
  listAll: true,
  fields: {
    shopName: name({ list: true, sortable: true }),
    // The account that opened the shop; the list shows its name (sellers may not read accounts).
    ownerId: reference('admin', 'username', { serverManaged: true, list: true, filter: { param: 'ownerId', op: 'eq' } }),
    ownerName: referenceName('ownerId'),
    status: enumeration([{ value: 0, label: 'pending' }, { value: 1, label: 'open' }, { value: 2, label: 'closed' }],
      { default: 1, list: true, filter: true }),
    createTime: dateTime({ auto: 'create', list: true, sortable: true }),
  },
});

export const MOLD_STATUSES = [
  { value: 0, label: 'available' }, { value: 1, label: 'in_use' }, { value: 2, label: 'maintenance' }, { value: 3, label: 'retired' },
] as const;

/** Share of the rated life from which a mold is shown as near its end. */
export const MOLD_WEAR_WARNING = 0.9;

export const mold = defineEntity({
  name: 'mold', path: '/mold', table: 'mold', tenant: 'shop_id', display: 'name',
  menu: { section: 'mold', route: 'kmold' },
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
