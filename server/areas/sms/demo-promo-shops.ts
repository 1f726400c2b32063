/**
 * Demo promotions of the sellers' own shops (demo mode; after the platform's): in the first shop
 * of each demo seller, an all-day flash session with a sale running this week on two of the shop's
 * live products (a fifth off, a tenth of the stock, two per buyer), a coupon buyers claim for
 * the whole shop and one for the flash products, and an advertisement on the shop's app home.
 * Everything goes through the entities' repositories (the same rules as a seller's own writes:
 * its own products only, counts within stock), with the seller's own scope. Only while the shop
 * has no flash sale and no coupon of its own.
 */
import type { Kysely } from 'kysely';
import { fromCents, multiplyCents } from '../../../src/schema/engine/money';
import { COUPON_USE_TYPE } from '../../../src/schema/sms/coupon';
import type { Actor } from '../../crud/repository';
import type { Database } from '../../db/schema';
import type { RepositoryOf } from '../area';

const DAY_MS = 86_400_000;
const day = (offset: number): string => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
const at = (offset: number): string => new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + offset * DAY_MS).toISOString();

export const seedDemoShopPromotions = async (db: Kysely<Database>, repo: RepositoryOf, sellers: readonly string[]): Promise<void> => {
  for (const username of sellers) {
    const owner = await db.selectFrom('ums_admin').select('id').where('username', '=', username).executeTakeFirst();
    if (!owner) continue;
    const shops = await db.selectFrom('shop').select(['id', 'shop_name']).where('owner_id', '=', owner.id).orderBy('id').execute();
    const shop = shops[0];
    if (!shop) continue;
    // Once: a shop holding a flash sale or a coupon of its own has had its demo (a second seed changes nothing).
    if (await db.selectFrom('sms_flash_promotion').select('id').where('shop_id', '=', shop.id).executeTakeFirst()) continue;
    if (await db.selectFrom('sms_coupon').select('id').where('shop_id', '=', shop.id).executeTakeFirst()) continue;
    // The seller itself writes them: its scope is its shops.
    const actor: Actor = { adminId: Number(owner.id), ip: null, scope: { kind: 'shops', shopIds: shops.map((s) => Number(s.id)), adminId: Number(owner.id) } };
    const products = await db.selectFrom('pms_product').select(['id', 'price', 'stock']).where('shop_id', '=', shop.id)
      .where('delete_status', '=', 0).where('publish_status', '=', 1).where('verify_status', '=', 1).where('stock', '>=', 20)
      .where('id', 'not in', db.selectFrom('sms_flash_promotion_product_relation').select('product_id'))
      .orderBy('price', 'desc').orderBy('id').limit(2).execute();

    const name = shop.shop_name ?? 'Shop';
    if (products.length) {
      const session = await repo('flashSession').create({ shopId: shop.id, name: `${name}: all day`, startTime: '00:00:00', endTime: '23:59:59', status: 1 }, actor);
      const sale = await repo('flashPromotion').create({ shopId: shop.id, title: `${name} flash week`, startDate: day(-1), endDate: day(6), status: 1 }, actor);
      for (const [i, product] of products.entries()) {
        await repo('flashProductRelation').create({
          flashPromotionId: sale.id, flashPromotionSessionId: session.id, productId: Number(product.id),
          flashPromotionPrice: fromCents(multiplyCents(Number(product.price), 0.8)), flashPromotionCount: Math.max(2, Math.floor(Number(product.stock) / 10)),
          flashPromotionLimit: 2, sort: (products.length - i) * 10,
        }, actor);
      }
    }
    const coupons = repo('coupon');
    await coupons.create({
      shopId: shop.id, name: `${name}: 5 off orders of 50 or more`, type: 0, platform: 0, amount: 5, minPoint: 50, publishCount: 200, perLimit: 1,
      startTime: at(-3), endTime: at(30), useType: COUPON_USE_TYPE.all, note: 'The shop\'s own coupon for every buyer.',
    }, actor);
    if (products.length) {
      await coupons.create({
        shopId: shop.id, name: `${name}: 3 off the flash week's products`, type: 0, platform: 0, amount: 3, minPoint: 0, publishCount: 100, perLimit: 2,
        startTime: at(-1), endTime: at(6), useType: COUPON_USE_TYPE.products, productRelationList: products.map((p) => Number(p.id)), note: null,
      }, actor);
    }
    // The shop's app home advertisement, with a picture the demo content already holds.
    const picture = await db.selectFrom('sms_home_advertise').select('pic').where('type', '=', 1).orderBy('id').executeTakeFirst();
    if (picture) {
      await repo('homeAdvertise').create({
        shopId: shop.id, name: `${name}: flash week`, type: 1, pic: picture.pic, startTime: at(-1), endTime: at(6), status: 1, sort: 100,
        url: `https://m.shop.example.com/shops/${shop.id}/flash`, note: 'The shop\'s own advertisement.',
      }, actor);
    }
  }
};
