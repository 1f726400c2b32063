/**
 * The keyword indexes made before (340: products' names, 480: orders' receivers) lose PostgreSQL's
 * GIN pending list, as server/crud/search-index.ts makes them now (why: `GIN_FASTUPDATE` there).
 * SQLite has no such list: nothing to do.
 */
import { sql } from 'kysely';
import type { AnyKysely } from '../index';
import { dialectOf } from '../index';
import { settleSearchIndex, trigramIndexOf } from '../../crud/search-index';

const INDEXES = [['pms_product', ['name']], ['oms_order', ['receiver_name', 'receiver_phone']]] as const;

export const up = async (db: AnyKysely): Promise<void> => {
  for (const [table, columns] of INDEXES) await settleSearchIndex(db, table, columns);
};

export const down = async (db: AnyKysely): Promise<void> => {
  if (dialectOf(db) !== 'postgres') return;
  for (const [table, columns] of INDEXES) {
    for (const column of columns) await sql.raw(`alter index if exists "${trigramIndexOf(table, column)}" set (fastupdate = on)`).execute(db);
  }
};
