/**
 * Queries of every request (the session check, the shop scope) built and compiled once per
 * database instead of on every call: Kysely's builder and compiler cost more CPU than SQLite
 * takes to run such a query. The query is built with placeholders for its arguments; each call
 * runs the same SQL text with the arguments put in their places.
 */
import type { Compilable, Kysely, Transaction } from 'kysely';
import { CompiledQuery } from 'kysely';

/** Stands for the `index`th argument while the query is compiled. */
class Slot {
  constructor(readonly index: number) {}
}

type Executor<DB> = Kysely<DB> | Transaction<DB>;

/**
 * `build` must use its arguments only as values compared or selected (never to shape the query,
 * e.g. an `in` list), since it runs once with stand-ins.
 */
export const prepared = <DB, Args extends unknown[], Row>(
  arity: Args['length'], build: (db: Executor<DB>, ...args: Args) => Compilable<Row>,
): ((db: Executor<DB>, ...args: Args) => Promise<Row[]>) => {
  const compiled = new WeakMap<object, { sql: string; parameters: readonly unknown[] }>();
  return async (db, ...args) => {
    let query = compiled.get(db);
    if (!query) {
      const slots = Array.from({ length: arity }, (_, index) => new Slot(index)) as Args;
      query = build(db, ...slots).compile();
      if (query.parameters.filter((p) => p instanceof Slot).length !== arity) {
        throw new Error(`a prepared query must use each of its ${arity} arguments exactly once: ${query.sql}`);
      }
      compiled.set(db, query);
    }
    const parameters = query.parameters.map((p) => (p instanceof Slot ? args[p.index] : p));
    const { rows } = await db.executeQuery<Row>(CompiledQuery.raw(query.sql, parameters));
    return rows;
  };
};
