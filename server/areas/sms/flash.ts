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
import { flashSession, normalTime } from '../../../src/schema/sms/flash';
import type { EntityActions } from '../../crud/actions';
import { entityActions } from '../../crud/actions';
import type { AnyDb, EntityHooks, RuleError } from '../../crud/hooks';
import type { ApiRecord } from '../../crud/row';
import { fromRow } from '../../crud/row';
import { dialectOf } from '../../db/index';

const SESSIONS = 'sms_flash_promotion_session';
const RELATIONS = 'sms_flash_promotion_product_relation';

/** What `mall`'s flash product list carries of each product (its `product`, the other fields null in mall). */
const PRODUCT_FIELDS = ['name', 'productSn', 'price', 'stock'] as const;

/** Other writers of `table` wait until this transaction ends (readers do not); SQLite has one writer already. */
const lockAgainstWriters = async (trx: AnyDb, table: string): Promise<void> => {
  if (dialectOf(trx) === 'postgres') await sql`lock table ${sql.table(table)} in share row exclusive mode`.execute(trx);
};

/** Each relation with its product's id, name, SN, price and stock (`product`), read in one query. */
const withProducts = async (db: AnyDb, records: ApiRecord[]): Promise<ApiRecord[]> => {
  const ids = [...new Set(records.map((r) => Number(r.productId)))];
  if (!ids.length) return records;
  const rows = await db.selectFrom(product.table).selectAll().where('id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => {
    const full = fromRow(product, row);
    return [full.id, { id: full.id, ...Object.fromEntries(PRODUCT_FIELDS.map((name) => [name, full[name]])) }];
  }));
  return records.map((r): ApiRecord => ({ ...r, product: byId.get(Number(r.productId)) ?? null }));
};

const sessionHooks: EntityHooks = {
  validate: async ({ trx, record, before, input }) => {
    if (Number(record.status) !== 1) return [];
    await lockAgainstWriters(trx, SESSIONS);
    const start = normalTime(String(record.startTime));
    const end = normalTime(String(record.endTime));
    const clash = await trx.selectFrom(SESSIONS).select(['name', 'start_time', 'end_time'])
      .where('status', '=', 1).where('id', '<>', before?.id ?? 0)
      .where('start_time', '<', end).where('end_time', '>', start)
      .orderBy('start_time').executeTakeFirst();
    if (!clash) return [];
    // A switch sends only the status: the refusal names it; a form names the start it edits.
    const field = 'startTime' in input || 'endTime' in input ? 'startTime' : 'status';
    return [{ field, messageKey: 'flash_sessions_overlap', params: { name: String(clash.name), start: String(clash.start_time), end: String(clash.end_time) } }];
  },
};

const relationHooks: EntityHooks = {
  validate: async ({ trx, record, before, lock }) => {
    const found = await lock(trx.selectFrom('pms_product').select(['price', 'stock']).where('id', '=', record.productId as number)).executeTakeFirst();
    // A product that does not exist is refused by the reference check already.
    if (!found) return [];
    const errors: RuleError[] = [];
    const price = Number(found.price);
    if (typeof record.flashPromotionPrice === 'number' && toCents(record.flashPromotionPrice) > price) {
      errors.push({ field: 'flashPromotionPrice', messageKey: 'flash_price_above_price', params: { max: fromCents(price) } });
    }
    const stock = Number(found.stock);
    if (typeof record.flashPromotionCount === 'number' && stock !== UNLIMITED_STOCK) {
      const others = await trx.selectFrom(RELATIONS).select((eb) => eb.fn.sum('flash_promotion_count').as('total'))
        .where('flash_promotion_id', '=', record.flashPromotionId as number).where('product_id', '=', record.productId as number)
        .where('id', '<>', before?.id ?? 0).executeTakeFirst();
      const left = Math.max(0, stock - Number(others?.total ?? 0));
      if (record.flashPromotionCount > left) errors.push({ field: 'flashPromotionCount', messageKey: 'flash_count_above_stock', params: { max: left } });
    }
    return errors;
  },
  // mall's list answers each relation with its product (id, name, SN, price, stock): one query per page.
  afterList: (db, records) => withProducts(db, records),
  afterGet: async (db, record) => (await withProducts(db, [record]))[0]!,
};

export const flashHooks = { flashSession: sessionHooks, flashProductRelation: relationHooks } as const;

export const flashActions = (): readonly EntityActions[] => [
  entityActions(flashSession, {
    // mall's `GET /flashSession/selectList?flashPromotionId=`: the enabled sessions, each with its product count in that sale.
    selectList: async ({ trx, params }) => {
      const rows = await trx.selectFrom(`${SESSIONS} as s`).selectAll('s')
        .select((eb) => eb.selectFrom(`${RELATIONS} as r`).select(eb.fn.countAll().as('n'))
          .whereRef('r.flash_promotion_session_id', '=', 's.id').where('r.flash_promotion_id', '=', params.flashPromotionId).as('product_count'))
        .where('s.status', '=', 1).orderBy('s.start_time').orderBy('s.id').execute();
      return { data: rows.map((row) => ({ ...fromRow(flashSession, row), productCount: Number(row.product_count) })) };
    },
  }),
];
