/**
 * Referral (spec section 3, issue 12 item 4): a seller's invite code and link, the clicks on
 * invite links and the referral relations registrations with a code create. Clicks and relations
 * belong to the referring seller (`owner`): a seller sees the clicks on its own code and whom it
 * brought in; staff see all. Both are written only by the server (`POST /rms/click`,
 * `POST /admin/register`), so their lists are read-only. Distribution ratios and rewards are not here.
 */
import { dateTime, defineEntity, reference, referenceName, text } from './entity';

/** Longest device summary kept from a User-Agent (browser, system, device kind; never the whole header). */
export const DEVICE_SUMMARY_MAX = 64;

/** The answer of `GET /rms/link`: the caller's invite code and the link to hand out. */
export type InviteLink = { code: string; link: string };

/** The invite link of a code, on the given origin (`https://admin.example.com`). */
export const inviteLinkOf = (origin: string, code: string): string =>
  `${origin.replace(/\/+$/, '')}/register?code=${encodeURIComponent(code)}`;

export const referralClick = defineEntity({
  name: 'referralClick', path: '/rms/click', table: 'rms_click', tenant: null, owner: 'sellerId', display: 'id',
  menu: { section: 'rms', route: 'clickList' },
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
  menu: { section: 'rms', route: 'relationList' },
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
