/**
 * Demo coupons (demo mode only): one for everything, one limited to categories, one to products,
 * an upcoming one and an ended one, each created through the coupon's repository (its rules and
 * audit row), and the coupons members hold: some given by an administrator, some claimed, used on
 * the member's own orders or not yet, one expired. Members only ever receive coupons in the
 * storefront, so those rows are written directly in the declared columns
 * (src/schema/sms/coupon.ts), and the coupons' received and used counts with them. Only while
 * there are no coupons. A limited coupon needs sub-categories or products to name: without the demo
 * catalog (`DEMO_CONTENT=false`) one may be left out; the others and their history stay (the
 * generic API tests read a seeded history row). Coupons are the platform's, used in shops of several
 * currencies (CNY, USD, EUR), so their names carry amounts without a currency sign.
 */
import type { Kysely } from 'kysely';
import { ENTITIES, entityList } from '../../../src/schema/entities';
import { COUPON_GET_TYPE, COUPON_PLATFORM, COUPON_USE_STATUS, COUPON_USE_TYPE } from '../../../src/schema/sms/coupon';
import { ENTITY_HOOKS } from '../index';
import type { Actor } from '../../crud/repository';
import { createRepository } from '../../crud/repository';
import { ALL_SHOPS } from '../../crud/scope';
import { toCount } from '../../db/index';
import type { Database } from '../../db/schema';
import { toDbTime } from '../../db/time';

const DAY = 86_400_000;

export const seedDemoCoupons = async (db: Kysely<Database>): Promise<number> => {
  const present = await db.selectFrom('sms_coupon').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  if (toCount(present.n) > 0) return 0;
  const actor: Actor = { adminId: null, ip: null, scope: ALL_SHOPS };
  const repo = createRepository(ENTITIES.coupon, { db, entities: entityList, hooks: ENTITY_HOOKS.coupon });
  const now = Date.now();
  const at = (days: number) => new Date(now + days * DAY).toISOString();

  // Sub-categories with products, and live products: what the limited coupons name.
  const categories = await db.selectFrom('pms_product_category').select(['id', 'name']).where('level', '=', 1).orderBy('id').limit(2).execute();
  const products = await db.selectFrom('pms_product').select(['id', 'name']).where('delete_status', '=', 0).orderBy('id').limit(3).execute();

  const coupons = [
    { name: 'Welcome gift: 10 off', type: 3, platform: COUPON_PLATFORM.all, amount: 10, minPoint: 0, publishCount: 1000, perLimit: 1,
      startTime: at(-20), endTime: at(60), useType: COUPON_USE_TYPE.all, note: 'Given to every new member on registration.' },
    { name: 'Spring sale: 30 off orders of 199 or more', type: 0, platform: COUPON_PLATFORM.all, amount: 30, minPoint: 199, publishCount: 500, perLimit: 2,
      startTime: at(-10), endTime: at(20), useType: COUPON_USE_TYPE.all, note: null },
    ...(categories.length ? [{
      name: `${categories.map((c) => c.name).join(' & ')}: 20 off orders of 100 or more`, type: 2, platform: COUPON_PLATFORM.mobile, amount: 20, minPoint: 100,
      publishCount: 300, perLimit: 1, startTime: at(-5), endTime: at(25), useType: COUPON_USE_TYPE.categories,
      productCategoryRelationList: categories.map((c) => Number(c.id)), note: 'App only.' }] : []),
    ...(products.length ? [{
      name: 'Members: 15.50 off selected items', type: 1, platform: COUPON_PLATFORM.pc, amount: 15.5, minPoint: 50, publishCount: 200, perLimit: 3,
      startTime: at(-3), endTime: at(30), useType: COUPON_USE_TYPE.products, productRelationList: products.map((p) => Number(p.id)), note: null }] : []),
    { name: 'Double 11 preview: 50 off orders of 499 or more', type: 0, platform: COUPON_PLATFORM.all, amount: 50, minPoint: 499, publishCount: 100, perLimit: 1,
      startTime: at(7), endTime: at(14), useType: COUPON_USE_TYPE.all, note: 'Upcoming.' },
    { name: 'Summer clearance: 5 off', type: 0, platform: COUPON_PLATFORM.all, amount: 5, minPoint: 0, publishCount: 50, perLimit: 1,
      startTime: at(-90), endTime: at(-30), useType: COUPON_USE_TYPE.all, note: 'Ended.' },
  ];
  const ids: number[] = [];
  for (const coupon of coupons) ids.push((await repo.create(coupon, actor)).id);

  // Members with their orders: the history's rows name them.
  const members = await db.selectFrom('ums_member').select(['id', 'nickname', 'username']).orderBy('id').limit(6).execute();
  if (!members.length) return ids.length;
  await db.transaction().execute(async (trx) => {
    // Read inside the transaction: SQLite has one connection, which the transaction holds.
    const ordersOf = async (memberId: number) => trx.selectFrom('oms_order').select(['id', 'order_sn'])
      .where('member_id', '=', memberId).orderBy('id').limit(2).execute();
    let code = 0;
    for (const [couponIndex, couponId] of ids.entries()) {
      const coupon = coupons[couponIndex]!;
      if (coupon.note === 'Upcoming.') continue;
      const ended = coupon.note === 'Ended.';
      let received = 0;
      let used = 0;
      for (const [memberIndex, member] of members.entries()) {
        if ((memberIndex + couponIndex) % 3 === 2) continue;
        const [order] = await ordersOf(Number(member.id));
        const use = !ended && order && (memberIndex + couponIndex) % 2 === 0;
        const status = use ? COUPON_USE_STATUS.used : ended ? COUPON_USE_STATUS.expired : COUPON_USE_STATUS.unused;
        code += 1;
        await trx.insertInto('sms_coupon_history').values({
          coupon_id: couponId, member_id: Number(member.id), member_nickname: member.nickname ?? member.username,
          coupon_code: `C${String(couponId).padStart(3, '0')}${String(code).padStart(5, '0')}`,
          get_type: memberIndex % 2 === 0 ? COUPON_GET_TYPE.claimed : COUPON_GET_TYPE.gifted,
          create_time: toDbTime(new Date(Date.parse(coupon.startTime) + (memberIndex + 1) * 3_600_000)),
          use_status: status,
          use_time: use ? toDbTime(new Date(Math.min(now, Date.parse(coupon.startTime) + (memberIndex + 25) * 3_600_000))) : null,
          order_id: use ? Number(order.id) : null,
          order_sn: use ? order.order_sn : null,
        }).execute();
        received += 1;
        if (use) used += 1;
      }
      await trx.updateTable('sms_coupon').set((eb) => ({
        receive_count: received, use_count: used, count: eb('publish_count', '-', received),
      })).where('id', '=', couponId).execute();
    }
  });
  return ids.length;
};
