/**
 * Shops and what they own. A shop is the tenant every shop-owned record hangs on (owner and
 * status), with its company and address, contact, currency, the invite code its customers sign up
 * with, how their sign-ups are approved, and the payment methods it takes (spec section 3):
 * offline PayPal (an account to pay to), online PayPal (an app's client id and secret key; the
 * secret is write-only, encrypted at rest) and offline blockchain (network and wallet address).
 * Die-cutting molds are the first shop-owned entity.
 */
import { EMAIL_PATTERN } from '../auth-rules';
import { dateTime, defineEntity, enumeration, flag, image, int, longText, name, reference, referenceName, secret, text } from '../engine/entity';

export const SHOP_STATUSES = [{ value: 0, label: 'pending' }, { value: 1, label: 'open' }, { value: 2, label: 'closed' }] as const;

/** Currencies a shop may price in (ISO 4217 codes on the wire). */
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
    autoApprove: enumeration(SHOP_APPROVALS, { default: 1, list: true }),
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
