/**
 * Marketing (`sms`): flash sales on `mall`'s paths and shapes. A flash sale (`/flash`) runs from a
 * start date to an end date and is switched online or offline; sessions (`/flashSession`) are
 * the times of day it sells in, shared by every sale (enabled sessions never overlap); a flash
 * product relation (`/flashProductRelation`) puts one product into one session of one sale with
 * its flash price, count and per-buyer limit.
 *
 * Dates and times of day are wall-clock values of the shop's time zone (the server's `TZ`), not
 * instants: `mall` keeps them in DATE and TIME columns. Rules that read other rows (a product's
 * price and stock, other sessions) are the area's (server/areas/sms/flash.ts).
 */
import { z } from 'zod';
import { date, dateTime, defineEntity, flag, int, json, money, name, reference, referenceName, text, time } from '../engine/entity';
import { timeOfDay } from '../engine/kinds';
import { promotedProductFields } from './saleState';

/** The product a flash product relation answers with: what mall fills of it, and its sale state. */
const FLASH_PRODUCT = z.object({
  id: z.number(), name: z.string(), productSn: z.string(), price: z.number(), stock: z.number(),
  // Its state, so a row whose product left sale shows it (on sale, verified, in the recycle bin).
  publishStatus: z.number(), verifyStatus: z.number(), deleteStatus: z.number(),
}).nullable();

/** The last of these is the field a refusal names: the product, in one session of one sale. */
export const FLASH_PRODUCT_KEY = ['flashPromotionId', 'flashPromotionSessionId', 'productId'] as const;

export const flashPromotion = defineEntity({
  // A shop's sale of its own products or, with no shop, the platform's (staff's).
  name: 'flashPromotion', path: '/flash', table: 'sms_flash_promotion', tenant: 'shop_id', platformRows: true, display: 'title',
  menu: { route: 'flash' },
  search: { param: 'keyword', fields: ['title'] },
  defaultSort: { field: 'startDate', order: 'DESC' },
  // Its products in every session go with it (mall leaves them behind, unreachable).
  owns: [{ table: 'sms_flash_promotion_product_relation', column: 'flash_promotion_id', policy: 'cascade' }],
  fields: {
    title: text({ required: true, length: [1, 200], list: true }),
    shopId: reference('shop', 'shopName', { immutable: true, list: true, filter: { param: 'shopId', op: 'eq' } }),
    shopName: referenceName('shopId'),
    startDate: date({ required: true, list: true, sortable: true }),
    endDate: date({ required: true, list: true, sortable: true }),
    status: flag({ default: 0, list: true, toggle: '/update/status/{id}', filter: true }),
    createTime: dateTime({ auto: 'create', list: true, listPriority: 'low' }),
  },
  batch: [{ kind: 'set', path: '/update/status/{id}', field: 'status' }],
  // A one-day sale starts and ends on the same day.
  refine: (r) => (r.startDate && r.endDate && r.endDate < r.startDate ? [{ field: 'endDate', messageKey: 'end_date_before_start' }] : []),
});

export const flashSession = defineEntity({
  // A shop's sessions serve its own sales; the platform's (no shop) serve the platform's.
  name: 'flashSession', path: '/flashSession', table: 'sms_flash_promotion_session', tenant: 'shop_id', platformRows: true, display: 'name',
  menu: { route: 'flashSession' },
  // mall's `GET /flashSession/list` answers every session as a plain array.
  plainList: true,
  defaultSort: { field: 'startTime', order: 'ASC' },
  // A session that holds products of some sale cannot go: take them out first.
  owns: [{ table: 'sms_flash_promotion_product_relation', column: 'flash_promotion_session_id', policy: 'restrict', messageKey: 'flash_session_has_products' }],
  fields: {
    name: name({ list: true }),
    shopId: reference('shop', 'shopName', { immutable: true, list: true, filter: { param: 'shopId', op: 'eq' } }),
    shopName: referenceName('shopId'),
    startTime: time({ required: true, list: true, sortable: true }),
    endTime: time({ required: true, list: true }),
    status: flag({ default: 0, list: true, toggle: '/update/status/{id}', filter: true }),
    createTime: dateTime({ auto: 'create', list: true, listPriority: 'low' }),
  },
  batch: [{ kind: 'set', path: '/update/status/{id}', field: 'status' }],
  actions: {
    selectList: {
      on: 'collection', path: '/selectList', writes: false, button: false,
      summary: 'The enabled sessions, each with the number of products it holds in one flash sale',
      params: { flashPromotionId: reference('flashPromotion', 'title', { required: true }) },
    },
  },
  // A session ends after it starts, within one day (both are times of day: they compare as text).
  refine: (r) => (r.startTime && r.endTime && normalTime(r.endTime) <= normalTime(r.startTime) ? [{ field: 'endTime', messageKey: 'end_time_not_after_start' }] : []),
});

/** `HH:mm` as `HH:mm:ss` (and a time as answered, `1970-01-01T08:00:00`, as its time), so two times of day compare as text. */
export const normalTime = (value: string): string => {
  const time = timeOfDay(value);
  return time.length === 5 ? `${time}:00` : time;
};

export const flashProductRelation = defineEntity({
  // Its shop is its product's: a seller sees its products' places in the platform's sales too, read-only (server/areas/sms/flash.ts).
  name: 'flashProductRelation', path: '/flashProductRelation', table: 'sms_flash_promotion_product_relation', tenant: 'shop_id', display: 'id',
  menu: { route: 'flashProductRelation', screens: false },
  naming: ['productName'],
  defaultSort: { field: 'sort', order: 'DESC' },
  // mall's create takes an array of relations and answers how many it added.
  createMany: { pick: 'productId' },
  fields: {
    flashPromotionId: reference('flashPromotion', 'title', { required: true, immutable: true, filter: { op: 'eq' } }),
    flashPromotionTitle: referenceName('flashPromotionId'),
    flashPromotionSessionId: reference('flashSession', 'name', { required: true, immutable: true, filter: { op: 'eq' }, invalidMessage: 'flash_session_not_shop' }),
    flashPromotionSessionName: referenceName('flashPromotionSessionId'),
    productId: reference('product', 'name', { required: true, immutable: true, invalidMessage: 'promotion_product_not_shop' }),
    productName: referenceName('productId'),
    // The product's price, stock and sale state, read from it in the list's statement: a row whose
    // product left sale says so. Its screen (src/resources/sms/flash.tsx) draws them in its own table.
    ...promotedProductFields(false),
    shopId: reference('shop', 'shopName', { serverManaged: true, derived: { from: ['productId'] }, filter: { param: 'shopId', op: 'eq' } }),
    shopName: referenceName('shopId'),
    flashPromotionPrice: money({ min: 0, list: true }),
    flashPromotionCount: int({ min: 1, list: true }),
    flashPromotionLimit: int({ min: 0, list: true }),
    // Units buyers' orders hold (server/areas/portal/orders): taken atomically, given back when an order closes; left = count − sold.
    flashPromotionSold: int({ serverManaged: true, default: 0, list: true }),
    sort: int({ default: 0, min: 0, list: true, sortable: true }),
    // mall's list answers the product beside the relation (only these fields filled); the area fills it in.
    product: json(FLASH_PRODUCT, { serverManaged: true, virtual: true, list: true }),
  },
  unique: [{ fields: FLASH_PRODUCT_KEY, messageKey: 'flash_product_repeated' }],
  refine: (r) => (r.flashPromotionLimit != null && r.flashPromotionCount != null && r.flashPromotionLimit > r.flashPromotionCount
    ? [{ field: 'flashPromotionLimit', messageKey: 'flash_limit_above_count' }] : []),
});
