/**
 * Purge jobs: delete the rows of a table whose time columns all lie before a cutoff. Declared by
 * table and column, so a table that gains or renames its expiry column changes one line (and a
 * renamed column fails to compile here).
 */
import type { AnyKysely } from '../db/index';
import type { Database, Timestamp } from '../db/schema';
import type { Job, JobContext } from './runner';
import { defineJob } from './runner';

/** A row is dead when `column` is before `before` (or null, with `orNull`) — every cutoff must hold. */
type PurgeCutoff<T extends keyof Database> = {
  readonly column: keyof Database[T] & string;
  readonly before: Timestamp;
  readonly orNull?: boolean;
};

export const purgeJob = <T extends keyof Database>(options: {
  name: string;
  everySeconds: number;
  table: T;
  cutoffs: (ctx: JobContext) => readonly PurgeCutoff<T>[];
}): Job => defineJob({
  name: options.name,
  everySeconds: options.everySeconds,
  run: async (ctx) => {
    const cutoffs = options.cutoffs(ctx);
    if (cutoffs.length === 0) throw new Error(`${options.name}: a purge without a cutoff would empty ${options.table}`);
    // Table and columns come from the typed declaration above; the query itself is generic.
    let query = (ctx.db as AnyKysely).deleteFrom(options.table as string);
    for (const { column, before, orNull } of cutoffs) {
      const col: string = column;
      query = query.where((eb) => (orNull ? eb.or([eb(col, 'is', null), eb(col, '<', before)]) : eb(col, '<', before)));
    }
    const result = await query.executeTakeFirst();
    return `removed ${Number(result.numDeletedRows)} rows from ${options.table}`;
  },
});
