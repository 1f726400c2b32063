/**
 * Flash sales (src/schema/sms/flash.ts): the rules that read other rows, and the reads `mall`'s
 * screens make beyond the generated ones.
 *
 * - Enabled sessions never overlap (a session is [start, end) of a day, so 08:00–10:00 and
 *   10:00–12:00 may both run). Two writes could each see the other's session still disabled, so
 *   the check runs with the session table locked against other writers (PostgreSQL; SQLite has
 *   one writer), and a parallel enable waits and then sees this one.
 * - A product's flash price is at most its price; its flash counts over all sessions of one sale
 *   share its stock (unless the stock is unlimited, -1). The product's row is locked while its
 *   relations are counted, so parallel adds of one product cannot together exceed the stock.
 */
import { sql } from 'kysely';
import { fromCents, toCents } from '../../../src/schema/engine/money';
import { product } from '../../../src/schema/pms/product';
import { UNLIMITED_STOCK } from '../../../src/schema/rules';
import type { RecordOf } from '../../../src/schema/engine/entity';
import type { flashProductRelation } from '../../../src/schema/sms/flash';
import { flashSession, normalTime } from '../../../src/schema/sms/flash';
import type { EntityActions } from '../../crud/actions';
import { entityActions } from '../../crud/actions';
import type { Db, EntityHooks, HookActor, RuleError } from '../../crud/hooks';
import { fromRow, recordOfRow } from '../../crud/row';
import { dialectOf } from '../../db/index';
import type { Database } from '../../db/schema';
import { deleteRefused } from '../../http/errors';
import { saleErrors } from './for-sale';
import { isSeller, saleShopOf } from './promo-shops';

const SESSIONS = flashSession.table;
const RELATIONS = 'sms_flash_promotion_product_relation' satisfies (typeof flashProductRelation)['table'];

type Relation = RecordOf<typeof flashProductRelation>;

/** Other writers of `table` wait until this transaction ends (readers do not); SQLite has one writer already. */
const lockAgainstWriters = async (trx: Db, table: keyof Database): Promise<void> => {
  if (dialectOf(trx) === 'postgres') await sql`lock table ${sql.table(table)} in share row exclusive mode`.execute(trx);
};

/** Each relation with what `mall`'s flash product list carries of its product (id, name, SN, price, stock; the rest null in mall), read in one query. */
const withProducts = async (db: Db, records: Relation[]): Promise<Relation[]> => {
  const ids = [...new Set(records.map((r) => r.productId))];
  if (!ids.length) return records;
  const rows = await db.selectFrom(product.table).selectAll().where('id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => {
    const full = recordOfRow(product, row);
    return [full.id, {
      id: full.id, name: full.name, productSn: full.productSn, price: full.price, stock: full.stock,
      publishStatus: full.publishStatus, verifyStatus: full.verifyStatus ?? 0, deleteStatus: full.deleteStatus ?? 0,
    }] as const;
  }));
  return records.map((r) => ({ ...r, product: byId.get(r.productId) ?? null }));
};

const sessionHooks: EntityHooks<typeof flashSession> = {
  validate: async ({ trx, record, before, input }) => {
    if (record.status !== 1) return [];
    await lockAgainstWriters(trx, SESSIONS);
    const start = normalTime(record.startTime);
    const end = normalTime(record.endTime);
    // Sessions of one owner (a shop, or the platform) never overlap; two shops' may.
    const shopId = record.shopId ?? null;
    const clash = await trx.selectFrom(SESSIONS).select(['name', 'start_time', 'end_time'])
      .where('status', '=', 1).where('id', '<>', before?.id ?? 0)
      .where((eb) => (shopId === null ? eb('shop_id', 'is', null) : eb('shop_id', '=', shopId)))
      .where('start_time', '<', end).where('end_time', '>', start)
      .orderBy('start_time').executeTakeFirst();
    if (!clash) return [];
    // A switch sends only the status: the refusal names it; a form names the start it edits.
    const field = 'startTime' in input || 'endTime' in input ? 'startTime' : 'status';
    return [{ field, messageKey: 'flash_sessions_overlap', params: { name: clash.name ?? '', start: clash.start_time, end: clash.end_time } }];
  },
};

/**
 * Whose the relation's sale is decides what it may hold: a shop's sale its own shop's products in
 * its own shop's sessions, the platform's any shop's products in the platform's sessions. A
 * seller sees its products' places in the platform's sales (the relation is its product's shop's)
 * but may not change them.
 */
const ownerErrors = async (trx: Db, record: Relation, before: Relation | null, actor: HookActor): Promise<RuleError[]> => {
  const saleShop = await saleShopOf(trx, record.flashPromotionId);
  if (saleShop === undefined) return [];
  if (saleShop === null && isSeller(actor)) return [{ field: 'flashPromotionId', messageKey: 'platform_promotion_read_only' }];
  if (before) return [];
  const errors: RuleError[] = [];
  const product = await trx.selectFrom('pms_product').select('shop_id').where('id', '=', record.productId).executeTakeFirst();
  if (saleShop !== null && product && Number(product.shop_id) !== saleShop) errors.push({ field: 'productId', messageKey: 'promotion_product_not_shop' });
  const session = await trx.selectFrom(SESSIONS).select('shop_id').where('id', '=', record.flashPromotionSessionId).executeTakeFirst();
  if (session && (session.shop_id === null ? null : Number(session.shop_id)) !== saleShop) {
    errors.push({ field: 'flashPromotionSessionId', messageKey: 'flash_session_not_shop' });
  }
  return errors;
};

const relationHooks: EntityHooks<typeof flashProductRelation> = {
  validate: async ({ trx, record, before, lock, actor }) => {
    const owner = await ownerErrors(trx, record as Relation, before as Relation | null, actor);
    if (owner.length) return owner;
    const found = await lock(trx.selectFrom('pms_product').select(['price', 'stock']).where('id', '=', record.productId)).executeTakeFirst();
    // A product that does not exist is refused by the reference check already.
    if (!found) return [];
    // Only what is for sale: an added row, or a kept row whose product has left sale since, stays refused.
    const errors: RuleError[] = before ? [] : await saleErrors(trx, record.productId, 'productId');
    // Numbers as both databases answer them (PostgreSQL's bigint columns come back as text).
    const price = Number(found.price);
    if (typeof record.flashPromotionPrice === 'number' && toCents(record.flashPromotionPrice) > price) {
      errors.push({ field: 'flashPromotionPrice', messageKey: 'flash_price_above_price', params: { max: fromCents(price) } });
    }
    const stock = Number(found.stock);
    if (typeof record.flashPromotionCount === 'number' && stock !== UNLIMITED_STOCK) {
      const others = await trx.selectFrom(RELATIONS).select((eb) => eb.fn.sum('flash_promotion_count').as('total'))
        .where('flash_promotion_id', '=', record.flashPromotionId).where('product_id', '=', record.productId)
        .where('id', '<>', before?.id ?? 0).executeTakeFirst();
      const left = Math.max(0, stock - Number(others?.total ?? 0));
      if (record.flashPromotionCount > left) errors.push({ field: 'flashPromotionCount', messageKey: 'flash_count_above_stock', params: { max: left } });
    }
    return errors;
  },
  // A flash product is its product's shop's (a seller sees its products in the platform's sales).
  derive: {
    shopId: async ({ trx, record }) => {
      const row = await trx.selectFrom('pms_product').select('shop_id').where('id', '=', record.productId).executeTakeFirst();
      return row ? Number(row.shop_id) : undefined;
    },
  },
  // A seller takes none of its products out of the platform's sales: staff do.
  beforeDelete: async (trx, _entity, records, actor) => {
    if (!isSeller(actor)) return;
    for (const saleId of new Set(records.map((r) => r.flashPromotionId))) {
      if (await saleShopOf(trx, saleId) === null) throw deleteRefused('platform_promotion_read_only');
    }
  },
  // mall's list answers each relation with its product (id, name, SN, price, stock): one query per page.
  afterList: (db, records) => withProducts(db, records),
  afterGet: async (db, record) => (await withProducts(db, [record]))[0]!,
};

export const flashHooks = { flashSession: sessionHooks, flashProductRelation: relationHooks } as const;

export const flashActions = (): readonly EntityActions[] => [
  entityActions(flashSession, {
    // mall's `GET /flashSession/selectList?flashPromotionId=`: the enabled sessions, each with its product count in that sale.
    // The sessions of the sale's owner only (a shop's sale sells in its shop's sessions, the platform's in the platform's).
    selectList: async ({ trx, params }) => {
      const saleShop = await saleShopOf(trx, params.flashPromotionId) ?? null;
      const rows = await trx.selectFrom(`${SESSIONS} as s`).selectAll('s')
        .where((eb) => (saleShop === null ? eb('s.shop_id', 'is', null) : eb('s.shop_id', '=', saleShop)))
        .select((eb) => eb.selectFrom(`${RELATIONS} as r`).select(eb.fn.countAll().as('n'))
          .whereRef('r.flash_promotion_session_id', '=', 's.id').where('r.flash_promotion_id', '=', params.flashPromotionId).as('product_count'))
        .where('s.status', '=', 1).orderBy('s.start_time').orderBy('s.id').execute();
      return { data: rows.map((row) => ({ ...fromRow(flashSession, row), productCount: Number(row.product_count) })) };
    },
  }),
];
