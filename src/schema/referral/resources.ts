/**
 * The Referral area's permission resources (API path patterns, as `ums_resource.url`), with their
 * names in English and Chinese: ../resources.ts places them in their category.
 */
import type { ResourceDecl } from '../resources';

export const REFERRAL_RESOURCES: readonly ResourceDecl[] = [
  // A seller reads its own invite link, clicks, relations, distribution records and reward
  // payments (owner-bound lists); setting ratios (`/rms/ratio`) and recording payments
  // (`/rms/reward/create`) are staff's. `POST /rms/click` is public.
  { name: 'Referral: own invite link', zh: '推广分销：自己的邀请链接', url: '/rms/link', seller: true },
  { name: 'Referral: own clicks', zh: '推广分销：自己的点击记录', url: '/rms/click/*', seller: true },
  { name: 'Referral: own relations', zh: '推广分销：自己的推荐关系', url: '/rms/relation/*', seller: true },
  { name: 'Referral: own distribution records', zh: '推广分销：自己的分销记录', url: '/rms/distribute/*', seller: true },
  { name: 'Referral: own reward payments', zh: '推广分销：自己的奖励支付记录', url: '/rms/reward/list', seller: true },
  // One record by id only: `/rms/reward/*` would also match the staff's `/rms/reward/create`.
  { name: 'Referral: own reward payment', zh: '推广分销：自己的一条奖励支付记录', url: '/rms/reward/{id:\\d+}', seller: true },
  { name: 'Referral', zh: '推广分销', url: '/rms/**' },
];
