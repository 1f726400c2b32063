/**
 * Seller VIP: the periods on sale (spec section 9) and the pay record of each purchase
 * (ARCHITECTURE.md section 6). A seller applies (`POST /vip/apply`, an unpaid record); an admin
 * confirms an offline payment (unpaid → paid: the seller's VIP runs the plan's period longer,
 * from the later of now and the current expiry) or refunds a paid one (paid → refunded: the
 * period it granted is taken back from the expiry). Records belong to the seller who applied
 * (`owner`), not to a shop: a seller sees its own, staff see all.
 */
import { dateTime, defineEntity, enumeration, money, reference, referenceName, text } from '../engine/entity';
import { PAY_STATUS, PAY_STATUSES } from '../oms/entities';

/** The VIP periods on sale: `months` is the plan's value on the wire; prices in USD (spec section 9). */
export const VIP_PLANS = [
  { value: 1, label: 'month_1', months: 1, price: 20, listPrice: 100 },
  { value: 3, label: 'month_3', months: 3, price: 60, listPrice: 300 },
  { value: 6, label: 'month_6', months: 6, price: 120, listPrice: 600 },
  { value: 12, label: 'year_1', months: 12, price: 240, listPrice: 1200 },
  { value: 36, label: 'year_3', months: 36, price: 720, listPrice: 3600 },
  { value: 72, label: 'year_6', months: 72, price: 1440, listPrice: 7200 },
] as const;

export type VipPlan = (typeof VIP_PLANS)[number];
export const vipPlanOf = (value: unknown): VipPlan | undefined => VIP_PLANS.find((p) => p.value === value);

/** The currency the plans are priced in. */
export const VIP_CURRENCY = 'USD';

/**
 * Payment channels (spec section 9, with the offline PayPal). `online` ones need a
 * provider adapter: PayPal's (server/areas/vip/paypal.ts), Alipay's (./alipay.ts) and WeChat
 * Pay's, each usable once its credentials are set (or, in the demo, its stand-in's). A channel the settings do not make usable (those, offline
 * PayPal without an account, blockchain without a wallet) is offered as unavailable and an
 * application through it is refused (`channel_unavailable`). `needsReference`: the administrator can only
 * find the payment by what the buyer enters (a transfer number, a transaction id or hash, a
 * description), so an application through that channel without a reference is refused; cash is
 * handed over in person.
 */
export const PAY_CHANNELS = [
  { value: 'bank', label: 'bank', online: false, needsReference: true },
  { value: 'paypal_offline', label: 'paypal_offline', online: false, needsReference: true },
  { value: 'blockchain', label: 'blockchain', online: false, needsReference: true },
  { value: 'cash', label: 'cash', online: false, needsReference: false },
  { value: 'other', label: 'other', online: false, needsReference: true },
  { value: 'paypal', label: 'paypal', online: true, needsReference: false },
  { value: 'alipay', label: 'alipay', online: true, needsReference: false },
  { value: 'wechat', label: 'wechat', online: true, needsReference: false },
] as const;

export type PayChannel = (typeof PAY_CHANNELS)[number];
export const payChannelOf = (value: unknown): PayChannel | undefined => PAY_CHANNELS.find((c) => c.value === value);

export { onlinePaymentPath, paypalOrderPath, VIP_API } from './api';

/** One channel as `GET /vip/plans` answers it: whether it can be used and what the buyer pays to (from the settings). */
export type VipChannelInfo = {
  value: PayChannel['value']; online: boolean; available: boolean;
  /** An online channel played by the demo's stand-in (no account, no money): the page says so. */
  demo?: boolean;
  paypalAccount?: string; blockchainNetwork?: string; walletAddress?: string; bankAccount?: string;
};

/** The answer of `GET /vip/plans`. */
export type VipPlansAnswer = {
  currency: string;
  plans: { value: VipPlan['value']; label: VipPlan['label']; months: number; price: number; listPrice: number }[];
  channels: VipChannelInfo[];
};

/** A VIP payment's status takes the order's payment values (unpaid, paid, refunded): one declaration of them (../oms/entities.ts). */
export { PAY_STATUS } from '../oms/entities';

/**
 * The VIP level a seller holds: 1 while its VIP runs (expiry after now), else 0. Derived from the
 * expiry rather than stored, so it can never outlive the period; the browser keeps it in local
 * storage (`level`, spec section 3).
 */
export const vipLevelOf = (expireTime: string | null | undefined, now: Date = new Date()): 0 | 1 =>
  expireTime && Date.parse(expireTime) > now.getTime() ? 1 : 0;

export const payRecord = defineEntity({
  name: 'payRecord', path: '/payRecord', table: 'pay_record', tenant: null, owner: 'sellerId', display: 'id',
  naming: ['sellerName', 'plan', 'amount'],
  // `mall`-style create path of the issue: a seller's application.
  createPath: '/vip/apply',
  menu: { route: 'payRecord' },
  defaultSort: { field: 'id', order: 'DESC' },
  routes: { update: false, delete: false },
  fields: {
    sellerId: reference('admin', 'username', { serverManaged: true, list: true, filter: { param: 'sellerId', op: 'eq' } }),
    sellerName: referenceName('sellerId'),
    plan: enumeration(VIP_PLANS, { required: true, list: true, filter: true }),
    // The plan's price, worked out by the server (a posted amount is never read).
    amount: money({ serverManaged: true, derived: { from: ['plan'] }, list: true }),
    channel: enumeration(PAY_CHANNELS, { required: true, list: true, filter: true }),
    status: enumeration(PAY_STATUSES, { serverManaged: true, default: PAY_STATUS.unpaid, list: true, filter: true }),
    // What the buyer gives to find the payment: a transfer number, a transaction hash, a receipt.
    reference: text({ length: [0, 200], list: true }),
    createTime: dateTime({ auto: 'create', list: true, sortable: true, filter: { param: 'createTime', op: 'prefix', range: true } }),
    confirmTime: dateTime({ serverManaged: true, list: true, listPriority: 'medium' }),
    refundTime: dateTime({ serverManaged: true, list: true, listPriority: 'low' }),
    operatorId: reference('admin', 'username', { serverManaged: true }),
    operatorName: referenceName('operatorId'),
  },
  // One pending application per seller; the partial unique index makes it hold under races.
  unique: [{ fields: ['sellerId'], where: { status: PAY_STATUS.unpaid }, messageKey: 'repeated_application' }],
  states: { field: 'status' },
  actions: {
    confirm: { on: 'row', path: '/confirm/{id}', writes: true, summary: 'Confirm a payment: the seller\'s VIP runs the plan\'s period longer', transition: { from: [PAY_STATUS.unpaid], to: PAY_STATUS.paid } },
    refund: { on: 'row', path: '/refund/{id}', writes: true, summary: 'Refund a paid payment: the period it granted is taken back', transition: { from: [PAY_STATUS.paid], to: PAY_STATUS.refunded } },
  },
});
