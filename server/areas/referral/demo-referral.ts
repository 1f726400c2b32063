/**
 * Demo referral data (demo mode only): the demo seller brought the second seller in through its
 * invite link, so the relation, click and distribution lists show data on a fresh start. Two
 * clicks on the seller's code shortly before the second seller registered (over 200 days ago,
 * before its first VIP payment), and a few from other visitors over the last days. The seller
 * earns its own ratio (15 %, beside the global 10 %) on each of the second seller's confirmed VIP
 * payments (server/areas/vip/demo-pay-records.ts, seeded before this), and the first reward has been paid out.
 * Written only while no relation and no click exist.
 */
import type { Kysely } from 'kysely';
import { multiplyCents, toRatioUnits } from '../../../src/schema/engine/money';
import { DISTRIBUTION_STATUS } from '../../../src/schema/referral/entities';
import { PAY_STATUS } from '../../../src/schema/vip/entities';
import type { Database } from '../../db/schema';
import { toDbTime } from '../../db/time';
import { DEMO_SELLER2 } from '../../db/seed/demo-tenancy';

const HOUR = 60 * 60 * 1000;
/** When the second seller registered with the code: after the old clicks, before its first payment (200 days ago). */
const REFERRED_HOURS_AGO = 4822;
/** The demo seller's own ratio. */
const SELLER_RATIO = 0.15;

/** Address (documentation ranges), device summary and hours before now of each demo click. */
const CLICKS: readonly { ip: string; device: string; hoursAgo: number }[] = [
  { ip: '198.51.100.60', device: 'Chrome / Android / mobile', hoursAgo: 4835 },
  { ip: '198.51.100.60', device: 'Chrome / Windows / desktop', hoursAgo: 4824 },
  { ip: '203.0.113.24', device: 'Chrome / Windows / desktop', hoursAgo: 96 },
  { ip: '198.51.100.7', device: 'Safari / iOS / mobile', hoursAgo: 75 },
  { ip: '198.51.100.7', device: 'Safari / iOS / mobile', hoursAgo: 74 },
  { ip: '192.0.2.140', device: 'WeChat / Android / mobile', hoursAgo: 50 },
  { ip: '203.0.113.88', device: 'Firefox / Linux / desktop', hoursAgo: 30 },
];

/** Answers how many rows it wrote. */
export const seedDemoReferral = async (db: Kysely<Database>, sellerUsername: string, now = new Date()): Promise<number> => {
  if (await db.selectFrom('rms_relation').select('id').limit(1).executeTakeFirst()) return 0;
  if (await db.selectFrom('rms_click').select('id').limit(1).executeTakeFirst()) return 0;
  const accounts = await db.selectFrom('ums_admin').select(['id', 'username', 'invite_code', 'create_time'])
    .where('username', 'in', [sellerUsername, DEMO_SELLER2.username]).execute();
  const seller = accounts.find((a) => a.username === sellerUsername);
  const seller2 = accounts.find((a) => a.username === DEMO_SELLER2.username);
  if (!seller?.invite_code || !seller2) return 0;
  const code = seller.invite_code;
  const at = (hoursAgo: number) => toDbTime(new Date(now.getTime() - hoursAgo * HOUR));
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('rms_click').values(CLICKS.map((c) => ({ code, seller_id: seller.id, ip: c.ip, device: c.device, create_time: at(c.hoursAgo) }))).execute();
    await trx.insertInto('rms_relation').values({ referrer_id: seller.id, referee_id: seller2.id, code, create_time: at(REFERRED_HOURS_AGO) }).execute();
    await trx.updateTable('ums_admin').set({ referrer_id: seller.id }).where('id', '=', seller2.id).where('referrer_id', 'is', null).execute();
    const ratio = toRatioUnits(SELLER_RATIO);
    await trx.insertInto('rms_ratio').values({ referrer_id: seller.id, ratio, update_time: at(REFERRED_HOURS_AGO + 24), operator_id: null })
      .onConflict((oc) => oc.column('referrer_id').doNothing()).execute();
    // A reward per confirmed payment of the second seller, as its confirmation made it; reversed where it was refunded.
    const payments = await trx.selectFrom('pay_record').select(['id', 'amount', 'status', 'confirm_time', 'refund_time'])
      .where('seller_id', '=', seller2.id).where('confirm_time', 'is not', null).orderBy('id').execute();
    const rewards = payments.map((p) => ({
      referrer_id: seller.id, referee_id: seller2.id, pay_record_id: p.id, amount: Number(p.amount), ratio,
      reward: multiplyCents(Number(p.amount), SELLER_RATIO),
      status: p.status === PAY_STATUS.refunded ? DISTRIBUTION_STATUS.reversed : DISTRIBUTION_STATUS.granted,
      create_time: p.confirm_time ?? at(0), reverse_time: p.status === PAY_STATUS.refunded ? p.refund_time : null,
    }));
    if (rewards.length) await trx.insertInto('rms_distribution').values(rewards).execute();
    // The first reward was paid out a week after it was earned.
    const first = rewards.find((r) => r.status === DISTRIBUTION_STATUS.granted);
    if (first) {
      await trx.insertInto('rms_reward').values({
        referrer_id: seller.id, payer: 'Finance team (PayPal)', payer_amount: first.reward,
        reason: 'Referral reward for seller2\'s first VIP month', create_time: toDbTime(new Date(Date.parse(first.create_time) + 7 * 24 * HOUR)), operator_id: null,
      }).execute();
    }
  });
  return CLICKS.length + 1;
};
