/**
 * Demo VIP payments (demo mode only): the pay record list and a seller's VIP show realistic data
 * on a fresh start. The demo seller holds a year's VIP confirmed two months ago and a refunded
 * month; the second seller had a month that ran out, renewed for six months three weeks ago, and
 * has an offline cash application waiting for an admin. Both sellers' VIP runs, so both may open
 * shops. Written only while no pay record exists, with the amounts of the plans they name
 * (src/schema/vip/entities.ts) and the expiry a confirmation would have given.
 */
import type { Kysely } from 'kysely';
import { toCents } from '../../../src/schema/engine/money';
import { PAY_STATUS, vipPlanOf } from '../../../src/schema/vip/entities';
import type { Database } from '../../db/schema';
import { toDbTime } from '../../db/time';
import { DEMO_SELLER2 } from '../../db/seed/demo-tenancy';

const DAY = 24 * 60 * 60 * 1000;

type DemoPayment = {
  readonly plan: number; readonly channel: string; readonly status: number; readonly reference: string | null;
  /** Days before now: applied, confirmed, refunded. */
  readonly applied: number; readonly confirmed?: number; readonly refunded?: number;
};

const addMonths = (date: Date, months: number): Date => {
  const out = new Date(date);
  out.setUTCMonth(out.getUTCMonth() + months);
  return out;
};

/** Writes the demo sellers' payments unless any pay record exists; answers how many it wrote. */
export const seedDemoPayRecords = async (db: Kysely<Database>, usernames: { admin: string; seller: string }, now = new Date()): Promise<number> => {
  if (await db.selectFrom('pay_record').select('id').limit(1).executeTakeFirst()) return 0;
  const accounts = await db.selectFrom('ums_admin').select(['id', 'username'])
    .where('username', 'in', [usernames.admin, usernames.seller, DEMO_SELLER2.username]).execute();
  const idOf = (username: string) => accounts.find((a) => a.username === username)?.id;
  const adminId = idOf(usernames.admin) ?? null;
  const plans: Readonly<Record<string, readonly DemoPayment[]>> = {
    [usernames.seller]: [
      { plan: 1, channel: 'paypal_offline', status: PAY_STATUS.refunded, reference: 'PP-7Q41-2208', applied: 120, confirmed: 119, refunded: 110 },
      { plan: 12, channel: 'bank', status: PAY_STATUS.paid, reference: 'BANK-20260926-0412', applied: 61, confirmed: 60 },
    ],
    [DEMO_SELLER2.username]: [
      { plan: 1, channel: 'blockchain', status: PAY_STATUS.paid, reference: '0x9f3c…e21a (TRC20)', applied: 200, confirmed: 199 },
      // Renewed since: both demo sellers hold a running VIP, so both may open shops (the shop area's VIP gate).
      { plan: 6, channel: 'paypal_offline', status: PAY_STATUS.paid, reference: 'PP-3K88-5120', applied: 21, confirmed: 20 },
      { plan: 3, channel: 'cash', status: PAY_STATUS.unpaid, reference: null, applied: 1 },
    ],
  };
  const at = (days: number | undefined) => (days === undefined ? null : new Date(now.getTime() - days * DAY));
  let written = 0;
  await db.transaction().execute(async (trx) => {
    for (const [username, payments] of Object.entries(plans)) {
      const sellerId = idOf(username);
      if (sellerId === undefined) continue;
      let expiry: Date | null = null;
      for (const p of payments) {
        const plan = vipPlanOf(p.plan);
        if (!plan) throw new Error(`demo pay record: no plan ${p.plan}`);
        const confirmed = at(p.confirmed);
        await trx.insertInto('pay_record').values({
          seller_id: sellerId, plan: plan.value, amount: toCents(plan.price), channel: p.channel, status: p.status,
          reference: p.reference, create_time: toDbTime(at(p.applied) ?? now),
          confirm_time: confirmed ? toDbTime(confirmed) : null, refund_time: p.refunded === undefined ? null : toDbTime(at(p.refunded) ?? now),
          operator_id: confirmed ? adminId : null,
        }).execute();
        // A refund takes its period back, so only payments still paid count towards the expiry.
        if (confirmed && p.status === PAY_STATUS.paid) expiry = addMonths(expiry && expiry > confirmed ? expiry : confirmed, plan.months);
        written += 1;
      }
      if (expiry) await trx.updateTable('ums_admin').set({ vip_expire_time: toDbTime(expiry) }).where('id', '=', sellerId).execute();
    }
  });
  return written;
};
