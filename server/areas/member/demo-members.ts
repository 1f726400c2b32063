/**
 * Demo members (demo mode only): each demo shop's buyers, so the member list, its approval and
 * its merge can be tried on a fresh start. The buyers are the ones the demo orders name
 * (server/areas/oms/demo-orders.ts writes `member_username`); their orders are linked to the member rows here.
 * Two buyers are there twice under a second username with the same mobile (duplicates to merge),
 * two wait for approval and one was rejected. Members come from the storefront with their apply
 * status already decided, so, like orders, they are written directly in the declared columns
 * (src/schema/member.ts), and only while the shop has no members.
 */
import type { Kysely } from 'kysely';
import { MEMBER_APPLY_STATUS } from '../../../src/schema/member';
import type { Database } from '../../db/schema';
import { toDbTime } from '../../db/time';

type DemoMember = {
  readonly username: string; readonly nickname: string; readonly realName: string; readonly mobile: string;
  readonly companyName: string | null; readonly country: string; readonly taxId: string | null;
  readonly status: number; readonly level: number;
};

const { approved, pending, rejected } = MEMBER_APPLY_STATUS;

/** `level`: the index of the member level (by growth points), when the demo has levels. */
const MEMBERS: readonly DemoMember[] = [
  { username: 'lily88', nickname: 'Lily', realName: '林莉', mobile: '13800138001', companyName: 'Lily Florist Studio', country: 'China', taxId: '91440300MA5F8X1234', status: approved, level: 2 },
  { username: 'lily_88', nickname: 'Lily L.', realName: '林莉', mobile: '13800138001', companyName: null, country: 'China', taxId: null, status: approved, level: 0 },
  { username: 'tom_w', nickname: 'Tom', realName: 'Tom Walker', mobile: '+44 7700 900456', companyName: 'Walker & Sons Ltd', country: 'United Kingdom', taxId: 'GB123456789', status: approved, level: 1 },
  { username: 'chen.wei', nickname: '阿伟', realName: '陈伟', mobile: '13600001111', companyName: '上海伟业包装有限公司', country: 'China', taxId: '91310115MA1K4Y5678', status: approved, level: 3 },
  { username: 'chenwei_sh', nickname: '陈先生', realName: '陈伟', mobile: '13600001111', companyName: null, country: 'China', taxId: null, status: pending, level: 0 },
  { username: 'emma.c', nickname: 'Emma', realName: 'Emma Clarke', mobile: '+44 7700 900123', companyName: null, country: 'United Kingdom', taxId: null, status: approved, level: 1 },
  { username: 'lucas.m', nickname: 'Lucas', realName: 'Lucas Martin', mobile: '+33 6 12 34 56 78', companyName: 'Martin Épicerie Fine', country: 'France', taxId: 'FR40303265045', status: approved, level: 0 },
  { username: 'xiaoming', nickname: '小明', realName: '王小明', mobile: '13800138002', companyName: null, country: 'China', taxId: null, status: pending, level: 0 },
  { username: 'spam_buyer', nickname: 'Best Deals', realName: 'N/A', mobile: '+1 555 0100', companyName: null, country: 'United States', taxId: null, status: rejected, level: 0 },
];

const DAY = 24 * 60 * 60 * 1000;

/** Writes the demo members into each shop that has none, and links the shop's orders to them; answers how many it wrote. */
export const seedDemoMembers = async (db: Kysely<Database>, now = new Date()): Promise<number> => {
  const shops = await db.selectFrom('shop').select('id').orderBy('id').execute();
  const levels = await db.selectFrom('ums_member_level').select('id').orderBy('growth_point').orderBy('id').execute();
  let written = 0;
  for (const { id: shopId } of shops) {
    if (await db.selectFrom('ums_member').select('id').where('shop_id', '=', shopId).limit(1).executeTakeFirst()) continue;
    await db.transaction().execute(async (trx) => {
      for (const [i, m] of MEMBERS.entries()) {
        const { id } = await trx.insertInto('ums_member').values({
          shop_id: shopId, username: m.username, nickname: m.nickname, real_name: m.realName, mobile: m.mobile, phone: null,
          company_name: m.companyName, country: m.country, tax_id: m.taxId, icon: null,
          member_level_id: levels.length ? levels[Math.min(m.level, levels.length - 1)]!.id : null,
          apply_status: m.status, create_time: toDbTime(new Date(now.getTime() - (90 - i * 7) * DAY)),
        }).returning('id').executeTakeFirstOrThrow();
        await trx.updateTable('oms_order').set({ member_id: id })
          .where('shop_id', '=', shopId).where('member_username', '=', m.username).execute();
        written++;
      }
    });
  }
  return written;
};
