/**
 * Shops and what they own. A shop is the tenant every shop-owned record hangs on (owner and
 * status), with its company and address, contact, currency, the invite code its customers sign up
 * with, how their sign-ups are approved, and the payment methods it takes:
 * offline PayPal (an account to pay to), online PayPal (an app's client id and secret key; the
 * secret is write-only, encrypted at rest) and offline blockchain (network and wallet address).
 * Die-cutting molds are the first shop-owned entity.
 */
import { EMAIL_PATTERN } from '../auth-rules';
import { dateTime, defineEntity, enumeration, flag, name, reference, referenceName, secret, text } from '../engine/entity';

export const SHOP_STATUSES = [{ value: 0, label: 'pending' }, { value: 1, label: 'open' }, { value: 2, label: 'closed' }] as const;

/** Currencies a shop may price in (ISO 4217 codes on the wire). */
/**
 * The time zones a shop may count its days in (IANA names): the markets our sellers are in. A shop
 * without one counts in the platform's zone (server/areas/home: "today", the charts).
 */
export const SHOP_TIME_ZONES = [
  { value: 'Asia/Shanghai', label: 'Asia/Shanghai' }, { value: 'Asia/Hong_Kong', label: 'Asia/Hong_Kong' }, { value: 'Asia/Tokyo', label: 'Asia/Tokyo' },
  { value: 'Asia/Singapore', label: 'Asia/Singapore' }, { value: 'America/New_York', label: 'America/New_York' }, { value: 'America/Chicago', label: 'America/Chicago' },
  { value: 'America/Denver', label: 'America/Denver' }, { value: 'America/Los_Angeles', label: 'America/Los_Angeles' },
  { value: 'Europe/London', label: 'Europe/London' }, { value: 'Europe/Berlin', label: 'Europe/Berlin' }, { value: 'Australia/Sydney', label: 'Australia/Sydney' },
  { value: 'UTC', label: 'UTC' },
] as const;

export const SHOP_CURRENCIES = [
  { value: 'USD', label: 'USD' }, { value: 'EUR', label: 'EUR' }, { value: 'GBP', label: 'GBP' }, { value: 'CNY', label: 'CNY' },
  { value: 'HKD', label: 'HKD' }, { value: 'JPY', label: 'JPY' }, { value: 'SGD', label: 'SGD' }, { value: 'AUD', label: 'AUD' },
  { value: 'CAD', label: 'CAD' },
] as const;

/** How a customer's sign-up to the shop is approved. */
export const SHOP_APPROVALS = [{ value: 1, label: 'auto' }, { value: 0, label: 'manual' }] as const;

const OPTIONAL_EMAIL = new RegExp(`^$|${EMAIL_PATTERN.source}`);

/** Each payment method a shop switches on needs its details: the field that is missing, if any. */
const paymentErrors = (r: Readonly<Record<string, unknown>>): { field: 'paypalAccount' | 'paypalClientId' | 'paypalSecretKey' | 'blockchainNetwork' | 'walletAddress'; messageKey: string }[] => {
  const missing = (value: unknown) => value === undefined || value === null || value === '';
  const errors: ReturnType<typeof paymentErrors> = [];
  if (r.paypalOffline === 1 && missing(r.paypalAccount)) errors.push({ field: 'paypalAccount', messageKey: 'required' });
  if (r.paypalOnline === 1) {
    if (missing(r.paypalClientId)) errors.push({ field: 'paypalClientId', messageKey: 'required' });
    // A stored key is never read back: the record says only that one is set.
    if (missing(r.paypalSecretKey) && r.paypalSecretKeySet !== true) errors.push({ field: 'paypalSecretKey', messageKey: 'required' });
  }
  if (r.blockchain === 1) {
    if (missing(r.blockchainNetwork)) errors.push({ field: 'blockchainNetwork', messageKey: 'required' });
    if (missing(r.walletAddress)) errors.push({ field: 'walletAddress', messageKey: 'required' });
  }
  return errors;
};

export const shop = defineEntity({
  name: 'shop', path: '/shop', table: 'shop', tenant: 'id', display: 'shopName',
  // A shop with orders, money, products or members is closed (status), never deleted; molds and
  // return addresses go with an empty shop by their own delete (server/crud/owns.ts).
  owns: [
    { table: 'oms_order', column: 'shop_id', policy: 'restrict', messageKey: 'shop_has_orders' },
    { table: 'oms_order_return_apply', column: 'shop_id', policy: 'restrict', messageKey: 'shop_has_orders' },
    { table: 'oms_cashier_balance', column: 'shop_id', policy: 'restrict', messageKey: 'shop_has_balances' },
    { table: 'pms_product', column: 'shop_id', policy: 'restrict', messageKey: 'shop_has_products' },
    { table: 'ums_member', column: 'shop_id', policy: 'restrict', messageKey: 'shop_has_members' },
    { table: 'mold', column: 'shop_id', policy: 'rules', entity: 'mold' },
    { table: 'oms_company_address', column: 'shop_id', policy: 'rules', entity: 'companyAddress' },
    // Its own promotions, each by its own delete (a coupon members hold refuses it).
    { table: 'sms_flash_promotion_product_relation', column: 'shop_id', policy: 'rules', entity: 'flashProductRelation' },
    { table: 'sms_flash_promotion', column: 'shop_id', policy: 'rules', entity: 'flashPromotion' },
    { table: 'sms_flash_promotion_session', column: 'shop_id', policy: 'rules', entity: 'flashSession' },
    { table: 'sms_coupon', column: 'shop_id', policy: 'rules', entity: 'coupon' },
    { table: 'sms_home_advertise', column: 'shop_id', policy: 'rules', entity: 'homeAdvertise' },
    // The shop front's sign-up codes and text messages, and its buyers' parts (gone with the members already).
    { table: 'portal_auth_code', column: 'shop_id', policy: 'cascade' },
    { table: 'portal_text_message', column: 'shop_id', policy: 'cascade' },
    { table: 'oms_cart_item', column: 'shop_id', policy: 'cascade' },
    { table: 'ums_member_receive_address', column: 'shop_id', policy: 'cascade' },
    { table: 'ums_member_product_collection', column: 'shop_id', policy: 'cascade' },
    { table: 'ums_member_read_history', column: 'shop_id', policy: 'cascade' },
    { table: 'ums_member_brand_attention', column: 'shop_id', policy: 'cascade' },
    // Its freight templates, points setting and points history (the shop front's orders).
    { table: 'pms_feight_template', column: 'shop_id', policy: 'cascade' },
    { table: 'ums_integration_consume_setting', column: 'shop_id', policy: 'cascade' },
    { table: 'ums_integration_change_history', column: 'shop_id', policy: 'cascade' },
  ],
  menu: { route: 'shopList', create: 'addShop', edit: 'updateShop' },
  search: { param: 'keyword', fields: ['shopName', 'companyName'] },
  listAll: true,
  // Status changes are an administrator's (server/areas/shop/hooks.ts refuses a seller; sellers
  // hold no resource for this path): mall's `POST /shop/updateStatus/{id}?status=`.
  batch: [{ kind: 'set', path: '/updateStatus/{id}', field: 'status' }],
  fields: {
    shopName: name({ list: true, sortable: true }),
    // The account that opened the shop; the list shows its name (sellers may not read accounts).
    ownerId: reference('admin', 'username', { serverManaged: true, list: true, filter: { param: 'ownerId', op: 'eq' } }),
    ownerName: referenceName('ownerId'),
    // Changed only through /shop/updateStatus/{id}, by administrators.
    status: enumeration(SHOP_STATUSES, { default: 1, serverManaged: true, list: true, filter: true }),
    // The code customers sign up to this shop with, unique: the owner's choice, or generated when
    // left empty (server/areas/shop/hooks.ts).
    inviteCode: text({ length: [0, 16], pattern: /^([A-Za-z0-9]{4,16})?$/, unique: true, list: true }),
    currency: enumeration(SHOP_CURRENCIES, { default: 'USD', list: true, filter: true }),
    // The shop's own day (home's "today" and charts for its seller); none: the platform's zone.
    timeZone: enumeration(SHOP_TIME_ZONES),
    autoApprove: enumeration(SHOP_APPROVALS, { default: 1, list: true }),
    // Whether a buyer signing up on the shop front (server/areas/portal) first gets a code on their phone.
    signUpCode: flag({ default: 0 }),
    companyName: text({ length: [0, 200], list: true, section: 'company' }),
    legalPersonName: text({ length: [0, 100], section: 'company' }),
    country: text({ length: [0, 100], list: true, filter: true, section: 'address' }),
    city: text({ length: [0, 100], section: 'address' }),
    streetLine1: text({ length: [0, 200], section: 'address' }),
    addressLine2: text({ length: [0, 200], section: 'address' }),
    postcode: text({ length: [0, 20], section: 'address' }),
    firstName: text({ length: [0, 100], section: 'contact' }),
    lastName: text({ length: [0, 100], section: 'contact' }),
    // Reached on WhatsApp: any format people write (country code, spaces, an extension).
    phone: text({ length: [0, 40], section: 'contact' }),
    paypalOffline: flag({ default: 0, section: 'payment' }),
    paypalAccount: text({ length: [0, 200], pattern: OPTIONAL_EMAIL, section: 'payment' }),
    paypalOnline: flag({ default: 0, section: 'payment' }),
    // Public by PayPal's design (its checkout script loads with it in the page), so it reads back;
    // the secret key never does.
    paypalClientId: text({ length: [0, 200], pattern: /^[A-Za-z0-9_-]*$/, section: 'payment' }),
    paypalSecretKey: secret({ length: [1, 200], section: 'payment' }),
    blockchain: flag({ default: 0, section: 'payment' }),
    blockchainNetwork: text({ length: [0, 40], section: 'payment' }),
    walletAddress: text({ length: [0, 128], pattern: /^[A-Za-z0-9]*$/, section: 'payment' }),
    createTime: dateTime({ auto: 'create', list: true, sortable: true }),
  },
  refine: (r) => paymentErrors(r as Readonly<Record<string, unknown>>),
  actions: {
    // Whether the caller may open a shop now (the screen sends a seller without VIP to /pay/index).
    canOpen: { on: 'collection', path: '/canOpen', writes: false, summary: 'Whether the caller may open a shop: sellers need a paid, unexpired VIP' },
  },
});

/** What `GET /shop/canOpen` answers. */
export type ShopOpenCheck = {
  /** The caller may open a shop now. */
  allowed: boolean;
  /** The caller is bound by the VIP rule (a seller); administrators are not. */
  vipRequired: boolean;
  /** When the caller's VIP ends (ISO-8601 UTC); null when never bought. */
  vipExpireTime: string | null;
};
