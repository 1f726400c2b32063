/**
 * Referral (spec section 3, issue 12 item 4): a seller's invite code and link, the clicks on
 * invite links and the referral relations registrations with a code create. Clicks and relations
 * belong to the referring seller (`owner`): a seller sees the clicks on its own code and whom it
 * brought in; staff see all. Both are written only by the server (`POST /rms/click`,
 * `POST /admin/register`), so their lists are read-only.
 *
 * Distribution (issue 12 item 4): when a referred seller's VIP payment is confirmed, the referrer
 * gets a distribution record of `amount × ratio` (the referrer's own ratio, else the global one),
 * once per payment, reversed when the payment is refunded; both in the payment's own transaction
 * (server/areas/referral/distribution.ts, called by the VIP area's confirm and refund). An
 * administrator sets the ratios (`GET`/`POST /rms/ratio`) and records the rewards paid out to a
 * referrer (`POST /rms/reward/create`: payer, amount, reason), never more than what the referrer
 * has earned and not yet been paid. Sellers read their own records and payments only.
 */
import { dateTime, defineEntity, enumeration, int, money, ratio, reference, referenceName, text } from '../engine/entity';
import { defineEnum } from '../engine/enums';

/** Longest device summary kept from a User-Agent (browser, system, device kind; never the whole header). */
export const DEVICE_SUMMARY_MAX = 64;

/** The answer of `GET /rms/link`: the caller's invite code and the link to hand out. */
export type InviteLink = { code: string; link: string };

/** The invite link of a code, on the given origin (`https://admin.example.com`). */
export const inviteLinkOf = (origin: string, code: string): string =>
  `${origin.replace(/\/+$/, '')}/register?code=${encodeURIComponent(code)}`;

export const referralClick = defineEntity({
  name: 'referralClick', path: '/rms/click', table: 'rms_click', tenant: null, owner: 'sellerId', display: 'id',
  menu: { route: 'clickList' },
  defaultSort: { field: 'id', order: 'DESC' },
  routes: { create: false, update: false, delete: false },
  fields: {
    code: text({ required: true, length: [1, 32], list: true, filter: { param: 'code', op: 'eq' } }),
    sellerId: reference('admin', 'username', { serverManaged: true, list: true, filter: { param: 'sellerId', op: 'eq' } }),
    sellerName: referenceName('sellerId'),
    ip: text({ length: [0, 64], list: true }),
    device: text({ length: [0, DEVICE_SUMMARY_MAX], list: true }),
    createTime: dateTime({ auto: 'create', list: true, sortable: true, filter: { param: 'createTime', op: 'prefix', range: true } }),
  },
});

export const referralRelation = defineEntity({
  name: 'referralRelation', path: '/rms/relation', table: 'rms_relation', tenant: null, owner: 'referrerId', display: 'id',
  menu: { route: 'relationList' },
  defaultSort: { field: 'id', order: 'DESC' },
  routes: { create: false, update: false, delete: false },
  fields: {
    referrerId: reference('admin', 'username', { serverManaged: true, list: true, filter: { param: 'referrerId', op: 'eq' } }),
    referrerName: referenceName('referrerId'),
    // One relation per referee (a unique column): nobody is brought in twice.
    refereeId: reference('admin', 'username', { serverManaged: true, list: true, filter: { param: 'refereeId', op: 'eq' } }),
    refereeName: referenceName('refereeId'),
    code: text({ length: [0, 32], list: true }),
    createTime: dateTime({ auto: 'create', list: true, sortable: true, filter: { param: 'createTime', op: 'prefix', range: true } }),
  },
});

/** The global distribution ratio until an administrator sets one (the migration writes it). */
export const DEFAULT_DISTRIBUTION_RATIO = 0.1;

export const { values: DISTRIBUTION_STATUS, options: DISTRIBUTION_STATUSES } = defineEnum({ granted: [0, 'granted'], reversed: [1, 'reversed'] });

/** The ratio as declared once: a share between 0 and 1, at most four decimals (0.125 is 12.5 %). */
/** The answer of `GET /rms/ratio` (and `POST`): the global ratio and the referrers' own. */
export type DistributionRatios = {
  ratio: number;
  overrides: { referrerId: number; referrerName: string | null; ratio: number; updateTime: string | null }[];
};

export const RMS_RATIO_PATH = '/rms/ratio';

export const distributionRecord = defineEntity({
  name: 'distributionRecord', path: '/rms/distribute', table: 'rms_distribution', tenant: null, owner: 'referrerId', display: 'id',
  menu: { route: 'distributeList' },
  defaultSort: { field: 'id', order: 'DESC' },
  routes: { create: false, update: false, delete: false },
  fields: {
    referrerId: reference('admin', 'username', { serverManaged: true, list: true, filter: { param: 'referrerId', op: 'eq' } }),
    referrerName: referenceName('referrerId'),
    refereeId: reference('admin', 'username', { serverManaged: true, list: true, filter: { param: 'refereeId', op: 'eq' } }),
    refereeName: referenceName('refereeId'),
    // The VIP payment it rewards: one record per payment (a unique index), so a payment pays out once.
    payRecordId: int({ serverManaged: true, unique: true, list: true, filter: { param: 'payRecordId', op: 'eq' } }),
    amount: money({ serverManaged: true, list: true }),
    ratio: ratio({ serverManaged: true, list: true }),
    reward: money({ serverManaged: true, list: true, filter: { param: 'reward', op: 'eq', range: true } }),
    status: enumeration(DISTRIBUTION_STATUSES,
      { serverManaged: true, default: DISTRIBUTION_STATUS.granted, list: true, filter: true }),
    createTime: dateTime({ auto: 'create', list: true, sortable: true, filter: { param: 'createTime', op: 'prefix', range: true } }),
    reverseTime: dateTime({ serverManaged: true, list: true }),
  },
  actions: {
    // The ratios are the administrators' (sellers hold no resource for them, and the area refuses a seller anyway).
    ratio: { on: 'collection', root: true, path: RMS_RATIO_PATH, writes: false, button: false, summary: 'The global distribution ratio and the referrers\' own' },
    // The generic toolbar button asks for the ratio and, for a referrer's own, the referrer.
    setRatio: {
      on: 'collection', root: true, path: RMS_RATIO_PATH, writes: true,
      summary: 'Set the global distribution ratio, or a referrer\'s own (without a ratio: the referrer goes back to the global one)',
      params: { ratio: ratio(), referrerId: reference('admin', 'username') },
    },
  },
});

/** What an administrator records of a reward paid out, declared once for the record and the action that writes it. */
const rewardPaymentFields = {
  payer: text({ required: true, length: [1, 64], list: true }),
  payerAmount: money({ required: true, min: 0.01, list: true, sortable: true, filter: { param: 'payerAmount', op: 'eq', range: true } }),
  reason: text({ required: true, length: [1, 200], list: true }),
};

export const referralReward = defineEntity({
  name: 'referralReward', path: '/rms/reward', table: 'rms_reward', tenant: null, owner: 'referrerId', display: 'id',
  menu: { route: 'rewardList' },
  defaultSort: { field: 'id', order: 'DESC' },
  // Written only by `create` below, which names the referrer paid (the engine's create would make the administrator the owner).
  routes: { create: false, update: false, delete: false },
  fields: {
    referrerId: reference('admin', 'username', { serverManaged: true, list: true, filter: { param: 'referrerId', op: 'eq' } }),
    referrerName: referenceName('referrerId'),
    ...rewardPaymentFields,
    createTime: dateTime({ auto: 'create', list: true, sortable: true, filter: { param: 'createTime', op: 'prefix', range: true } }),
    operatorId: reference('admin', 'username', { serverManaged: true }),
    operatorName: referenceName('operatorId'),
  },
  actions: {
    create: {
      on: 'collection', path: '/create', writes: true,
      summary: 'Record a reward paid to a referrer (no more than the referrer\'s unpaid rewards)',
      params: { referrerId: reference('admin', 'username', { required: true }), ...rewardPaymentFields },
    },
  },
});
