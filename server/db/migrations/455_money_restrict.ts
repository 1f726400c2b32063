/**
 * Money and the records it hangs on are never deleted by a cascade: a shop's orders,
 * returns, cashier balances, products and members, an order's returns and cashier bindings, and a
 * balance's bindings refuse the delete of what they hang on (`ON DELETE RESTRICT`) instead of going
 * with it. The engine refuses first, by the declarations' `owns` (server/crud/owns.ts), with a
 * message naming what blocks; these keys make the database refuse whatever code forgets.
 *
 * PostgreSQL swaps each constraint in place. SQLite cannot alter a foreign key: each table is
 * rebuilt (the procedure of sqlite.org/lang_altertable.html#otheralter): with foreign keys off,
 * a copy made from the table's own stored SQL with the one clause changed, the rows copied, the old
 * table dropped, the copy renamed, and its indexes and triggers made again from their stored SQL.
 */
import { sql } from 'kysely';
import type { AnyKysely } from '../index';
import { dialectOf } from '../index';
import { rebuildSqliteTables } from './rebuild';

type Key = { table: string; column: string; parent: string };

export const MONEY_KEYS: readonly Key[] = [
  { table: 'oms_order', column: 'shop_id', parent: 'shop' },
  { table: 'oms_order_return_apply', column: 'shop_id', parent: 'shop' },
  { table: 'oms_order_return_apply', column: 'order_id', parent: 'oms_order' },
  { table: 'oms_cashier_balance', column: 'shop_id', parent: 'shop' },
  { table: 'oms_cashier_balance_order', column: 'balance_id', parent: 'oms_cashier_balance' },
  { table: 'oms_cashier_balance_order', column: 'order_id', parent: 'oms_order' },
  { table: 'pms_product', column: 'shop_id', parent: 'shop' },
  { table: 'ums_member', column: 'shop_id', parent: 'shop' },
];

const setOnDelete = async (db: AnyKysely, keys: readonly Key[], from: string, to: string): Promise<void> => {
  if (dialectOf(db) === 'postgres') {
    for (const key of keys) {
      const { rows } = await sql<{ name: string }>`
        select c.conname as name from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        where c.contype = 'f' and c.conrelid = ${key.table}::regclass and a.attname = ${key.column}`.execute(db);
      for (const { name } of rows) {
        await sql`alter table ${sql.table(key.table)} drop constraint ${sql.id(name)}`.execute(db);
        await sql`alter table ${sql.table(key.table)} add constraint ${sql.id(name)} foreign key (${sql.id(key.column)})
          references ${sql.table(key.parent)} (id) on delete ${sql.raw(to)}`.execute(db);
      }
    }
    return;
  }
  const tables = [...new Set(keys.map((k) => k.table))];
  await rebuildSqliteTables(db, tables.map((table) => ({
    table,
    edit: (stored: string) => keys.filter((k) => k.table === table).reduce((text, key) => {
      // Kysely writes `"shop_id" integer not null references "shop" ("id") on delete cascade`.
      const clause = new RegExp(`("${key.column}"[^,]*?references "${key.parent}" \\("id"\\) on delete )${from}`, 'i');
      if (!clause.test(text)) throw new Error(`${table}.${key.column}: no "on delete ${from}" clause to change in ${text}`);
      return text.replace(clause, `$1${to}`);
    }, stored),
  })));
};

export const up = async (db: AnyKysely): Promise<void> => setOnDelete(db, MONEY_KEYS, 'cascade', 'restrict');

export const down = async (db: AnyKysely): Promise<void> => setOnDelete(db, MONEY_KEYS, 'restrict', 'cascade');
