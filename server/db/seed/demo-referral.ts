/**
 * Demo referral data (demo mode only): the demo seller brought the second seller in through its
 * invite link, so the relation and click lists show data on a fresh start. A few clicks on the
 * seller's code from different devices over the last days, the last one the second seller's own
 * visit before registering. Written only while no relation and no click exist.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { toDbTime } from '../time';
import { DEMO_SELLER2 } from './demo-tenancy';

const HOUR = 60 * 60 * 1000;

/** Address (documentation ranges), device summary and hours before now of each demo click. */
const CLICKS: readonly { ip: string; device: string; hoursAgo: number }[] = [
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
    await trx.insertInto('rms_relation').values({ referrer_id: seller.id, referee_id: seller2.id, code, create_time: at(29) }).execute();
    await trx.updateTable('ums_admin').set({ referrer_id: seller.id }).where('id', '=', seller2.id).where('referrer_id', 'is', null).execute();
  });
  return CLICKS.length + 1;
};
