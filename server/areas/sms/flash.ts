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
import type { Db, EntityHooks, RuleError } from '../../crud/hooks';
import { fromRow, recordOfRow } from '../../crud/row';
import { dialectOf } from '../../db/index';
import type { Database } from '../../db/schema';

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
    return [full.id, { id: full.id, name: full.name, productSn: full.productSn, price: full.price, stock: full.stock }] as const;
  }));
  return records.map((r) => ({ ...r, product: byId.get(r.productId) ?? null }));
};

const sessionHooks: EntityHooks<typeof flashSession> = {
  validate: async ({ trx, record, before, input }) => {
    if (record.status !== 1) return [];
    await lockAgainstWriters(trx, SESSIONS);
    const start = normalTime(record.startTime);
    const end = normalTime(record.endTime);
    const clash = await trx.selectFrom(SESSIONS).select(['name', 'start_time', 'end_time'])
      .where('status', '=', 1).where('id', '<>', before?.id ?? 0)
      .where('start_time', '<', end).where('end_time', '>', start)
      .orderBy('start_time').executeTakeFirst();
    if (!clash) return [];
    // A switch sends only the status: the refusal names it; a form names the start it edits.
    const field = 'startTime' in input || 'endTime' in input ? 'startTime' : 'status';
    return [{ field, messageKey: 'flash_sessions_overlap', params: { name: clash.name ?? '', start: clash.start_time, end: clash.end_time } }];
  },
};

const relationHooks: EntityHooks<typeof flashProductRelation> = {
  validate: async ({ trx, record, before, lock }) => {
    const found = await lock(trx.selectFrom('pms_product').select(['price', 'stock']).where('id', '=', record.productId)).executeTakeFirst();
    // A product that does not exist is refused by the reference check already.
    if (!found) return [];
    const errors: RuleError[] = [];
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
