/**
 * A shop's freight templates (`mall`'s PmsFeightTemplate, its spelling kept: `pms_feight_template`,
 * `continmeFee`), which its products name by `feightTemplateId`; the shop front charges carriage by
 * them (server/areas/portal/orders/freight.ts). By weight (grams) or by pieces: the first
 * `firstWeight` units cost `firstFee`, every further `continueWeight` units, or part of them,
 * `continmeFee`. `dest` is kept as mall has it, not read: one rate for every destination.
 */
import { defineEntity, enumeration, int, money, reference, referenceName, text } from '../engine/entity';
import { defineEnum } from '../engine/enums';

/** mall's `chargeType`: 0 by weight, 1 by pieces. */
export const { values: CHARGE_TYPE, options: CHARGE_TYPES } = defineEnum({
  weight: [0, 'weight'], pieces: [1, 'pieces'],
});

export const feightTemplate = defineEntity({
  name: 'feightTemplate', path: '/feightTemplate', table: 'pms_feight_template', tenant: 'shop_id', display: 'name',
  menu: { route: 'feightTemplate' },
  // A template products still name is not deleted (in the recycle bin or not): they would ship free unseen.
  owns: [{ table: 'pms_product', column: 'feight_template_id', policy: 'restrict', messageKey: 'feight_template_in_use' }],
  defaultSort: { field: 'id', order: 'DESC' },
  search: { param: 'keyword', fields: ['name'] },
  fields: {
    name: text({ required: true, length: [1, 64], list: true, sortable: true }),
    shopId: reference('shop', 'shopName', { required: true, immutable: true, list: true, filter: { param: 'shopId', op: 'eq', alwaysOn: true } }),
    shopName: referenceName('shopId'),
    chargeType: enumeration(CHARGE_TYPES, { default: CHARGE_TYPE.pieces, list: true, filter: { param: 'chargeType', op: 'eq' } }),
    firstWeight: int({ default: 1, min: 0, max: 1_000_000, list: true }),
    firstFee: money({ default: 0, min: 0, max: 99_999.99, list: true }),
    continueWeight: int({ default: 1, min: 1, max: 1_000_000, list: true }),
    continmeFee: money({ default: 0, min: 0, max: 99_999.99, list: true }),
    dest: text({ length: [0, 255] }),
  },
});
