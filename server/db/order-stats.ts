/**
 * Orders and sales per shop and quarter hour, kept by the database (`oms_order_stats`), so the
 * home page's "today", its comparisons and its 30-day charts read at most 31 × 96 rows per shop
 * instead of every order of a month (a million orders: tens of thousands per month).
 *
 * A row per (shop, bucket): `bucket` is the order's creation time in UTC seconds divided by 900
 * (a quarter hour), so a day in any time zone (all offsets are whole quarter hours) is a run of
 * whole buckets. `orders` counts live orders (outside the recycle bin), `paid` and `sales` (cents
 * of the payable amount) those of them paid (pending shipment, shipped, completed).
 *
 * Triggers keep it, as the status counters are kept (server/crud/counters.ts), so every writer
 * counts: the API, the jobs, raw SQL. PostgreSQL: one statement-level trigger per event sums the
 * statement's rows into one delta per (shop, bucket), applied in that order (two statements never
 * take stats rows in opposite orders). SQLite: row triggers, the update one only when the shop,
 * time, bin flag, paid-ness or amount changes. Loads with the triggers off call `recountOrderStats`.
 */
import { sql } from 'kysely';
import type { AnyKysely } from './index';
import { dialectOf } from './index';

export const ORDER_STATS_TABLE = 'oms_order_stats';
/** Seconds per bucket. */
export const BUCKET_SECONDS = 900;
/** The statuses whose orders are paid (src/schema/oms/entities.ts ORDER_STATUS_FACETS). */
const PAID = '1, 2, 3';

const bucketOf = (dialect: 'sqlite' | 'postgres', column: string): string => (dialect === 'postgres'
  ? `cast(floor(extract(epoch from cast(${column} as timestamptz)) / ${BUCKET_SECONDS}) as bigint)`
  : `cast(strftime('%s', ${column}) as integer) / ${BUCKET_SECONDS}`);

/** `(shop_id, bucket, orders, paid, sales)` deltas of the live rows of `from`, times `sign`. */
const deltas = (dialect: 'sqlite' | 'postgres', from: string, sign: 1 | -1): string =>
  `select shop_id, ${bucketOf(dialect, 'create_time')} as bucket, ${sign} as orders,
     case when status in (${PAID}) then ${sign} else 0 end as paid,
     case when status in (${PAID}) then ${sign} * coalesce(pay_amount, 0) else 0 end as sales
   from ${from} where delete_status = 0`;

const apply = (rows: string): string => `insert into ${ORDER_STATS_TABLE} (shop_id, bucket, orders, paid, sales)
  select shop_id, bucket, sum(orders), sum(paid), sum(sales) from (${rows}) d where true
  group by shop_id, bucket having sum(orders) <> 0 or sum(paid) <> 0 or sum(sales) <> 0 order by shop_id, bucket
  on conflict (shop_id, bucket) do update set orders = ${ORDER_STATS_TABLE}.orders + excluded.orders,
    paid = ${ORDER_STATS_TABLE}.paid + excluded.paid, sales = ${ORDER_STATS_TABLE}.sales + excluded.sales`;

const inTransaction = async (db: AnyKysely, fn: (trx: AnyKysely) => Promise<void>): Promise<void> =>
  (db.isTransaction ? fn(db) : db.transaction().execute(fn));

/** Fills the stats from the orders as they are (after a load with the triggers off, or when created). */
export const recountOrderStats = async (db: AnyKysely): Promise<void> => {
  await inTransaction(db, async (trx) => {
    const dialect = dialectOf(trx);
    if (dialect === 'postgres') await sql`lock table oms_order in share mode`.execute(trx);
    await sql.raw(`delete from ${ORDER_STATS_TABLE}`).execute(trx);
    await sql.raw(apply(deltas(dialect, 'oms_order', 1))).execute(trx);
  });
};

const TRIGGERS = ['oms_order_stats_insert', 'oms_order_stats_update', 'oms_order_stats_delete', 'oms_order_stats_truncate'];

export const dropOrderStats = async (db: AnyKysely): Promise<void> => {
  if (dialectOf(db) === 'postgres') await sql.raw('drop function if exists oms_order_stats_apply() cascade').execute(db);
  else for (const name of TRIGGERS) await sql.raw(`drop trigger if exists ${name}`).execute(db);
  await sql.raw(`drop table if exists ${ORDER_STATS_TABLE}`).execute(db);
};

export const createOrderStats = async (db: AnyKysely): Promise<void> => {
  await inTransaction(db, async (trx) => {
    await dropOrderStats(trx);
    await trx.schema.createTable(ORDER_STATS_TABLE)
      .addColumn('shop_id', 'bigint', (c) => c.notNull())
      .addColumn('bucket', 'bigint', (c) => c.notNull())
      .addColumn('orders', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('paid', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('sales', 'bigint', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint(`${ORDER_STATS_TABLE}_pkey`, ['shop_id', 'bucket'])
      .execute();
    // A platform's days are read across shops by bucket.
    await trx.schema.createIndex(`${ORDER_STATS_TABLE}_bucket`).on(ORDER_STATS_TABLE).columns(['bucket', 'shop_id']).execute();
    if (dialectOf(trx) === 'postgres') {
      await sql.raw(`create function oms_order_stats_apply() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then ${apply(deltas('postgres', 'new_rows', 1))};
          elsif tg_op = 'UPDATE' then ${apply(`${deltas('postgres', 'new_rows', 1)} union all ${deltas('postgres', 'old_rows', -1)}`)};
          elsif tg_op = 'DELETE' then ${apply(deltas('postgres', 'old_rows', -1))};
          else delete from ${ORDER_STATS_TABLE};
          end if;
          return null;
        end $$`).execute(trx);
      await sql.raw(`create trigger oms_order_stats_insert after insert on oms_order referencing new table as new_rows
        for each statement execute function oms_order_stats_apply()`).execute(trx);
      await sql.raw(`create trigger oms_order_stats_update after update on oms_order referencing old table as old_rows new table as new_rows
        for each statement execute function oms_order_stats_apply()`).execute(trx);
      await sql.raw(`create trigger oms_order_stats_delete after delete on oms_order referencing old table as old_rows
        for each statement execute function oms_order_stats_apply()`).execute(trx);
      await sql.raw(`create trigger oms_order_stats_truncate after truncate on oms_order
        for each statement execute function oms_order_stats_apply()`).execute(trx);
    } else {
      const upsert = (row: 'new' | 'old', sign: 1 | -1) => `${apply(deltas('sqlite', `(select ${row}.shop_id as shop_id, ${row}.create_time as create_time,
        ${row}.status as status, ${row}.pay_amount as pay_amount, ${row}.delete_status as delete_status)`, sign))};`;
      await sql.raw(`create trigger oms_order_stats_insert after insert on oms_order begin ${upsert('new', 1)} end`).execute(trx);
      await sql.raw(`create trigger oms_order_stats_delete after delete on oms_order begin ${upsert('old', -1)} end`).execute(trx);
      await sql.raw(`create trigger oms_order_stats_update after update of shop_id, create_time, delete_status, status, pay_amount on oms_order
        when old.shop_id is not new.shop_id or old.create_time is not new.create_time or old.delete_status is not new.delete_status
          or old.pay_amount is not new.pay_amount or (old.status in (${PAID})) is not (new.status in (${PAID}))
        begin ${upsert('old', -1)} ${upsert('new', 1)} end`).execute(trx);
    }
    await recountOrderStats(trx);
  });
};
