/**
 * Named prepared statements for PostgreSQL. Kysely sends every statement unnamed, so PostgreSQL
 * parses, analyses and plans it on every execution: for the session check (a join with a JSON
 * aggregate) and a list page (correlated name subqueries, a counted total) that was most of the
 * database's CPU per request — bench:orders measured 1.8–2.1 ms against 0.76 ms for the floor's
 * two plain statements. A named statement is parsed once per connection, and after five
 * executions PostgreSQL keeps a generic plan when it is no worse than the custom ones.
 *
 * The app issues a fixed set of SQL texts (values travel as parameters), so a text is named on
 * its second use, up to `limit` names per process; a text seen once (an ad-hoc `in (...)` of some
 * length, a migration) stays unnamed, and past the limit everything does. Names are never reused
 * for another text, so a connection's `parsedStatements` (node-postgres) is always right.
 *
 * A table whose columns change under a running server (another process migrating it) makes a
 * prepared `select t.*` fail with "cached plan must not change result type": the text then gets a
 * fresh name, parsed anew on every connection, and the failed call is retried once unnamed. Inside
 * a transaction the retry fails too (the transaction is aborted) and the first error is thrown.
 */
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

type NamedStatementOptions = {
  /** Distinct SQL texts that get a name; each connection prepares at most this many. */
  limit: number;
};

/**
 * A text holding this comment is never named: PostgreSQL plans it with its values at every
 * execution. For a statement whose best plan depends on its values in a way no generic plan can
 * know: a long list's walk to its page, where the generic plan (an unknown limit, default
 * selectivities) read a seller's 151,000 matching orders by a filter's index and sorted them
 * (29 ms of database CPU a view in bench:live) where the plan for `limit 10` walks the id index
 * back (0.7 ms). Planning costs ~0.2 ms; that is the price of never keeping such a plan.
 */
export const PLAN_EACH_TIME = '/* plan each time */';

/** Texts seen once, remembered up to this many (then forgotten all at once: a bound, not a policy). */
const SEEN_ONCE_LIMIT = 10_000;

/** PostgreSQL's refusal to run a prepared statement whose result columns changed (SQLSTATE 0A000). */
const isStaleResultType = (error: unknown): boolean => (error as { code?: string }).code === '0A000'
  && /cached plan must not change result type/.test((error as Error).message);

export const withNamedStatements = (pool: pg.Pool, { limit }: NamedStatementOptions): PostgresPool => {
  const names = new Map<string, string>();
  const seenOnce = new Set<string>();
  let issued = 0;
  const freshName = (text: string): string => {
    const name = `k${issued}`;
    issued += 1;
    names.set(text, name);
    return name;
  };
  const nameOf = (text: string): string | undefined => {
    const name = names.get(text);
    if (name || issued >= limit) return name;
    if (text.includes(PLAN_EACH_TIME)) return undefined;
    if (!seenOnce.has(text)) {
      if (seenOnce.size >= SEEN_ONCE_LIMIT) seenOnce.clear();
      seenOnce.add(text);
      return undefined;
    }
    seenOnce.delete(text);
    return freshName(text);
  };
  // One wrapper per client: Kysely keeps its connection object per client it is given.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let wrapper = wrappers.get(client);
    if (!wrapper) {
      const query = ((text: unknown, values?: readonly unknown[]) => {
        if (typeof text !== 'string') return client.query(text as never); // a cursor (Kysely's streaming)
        const name = nameOf(text);
        const unnamed = () => client.query({ text, values: values as unknown[] });
        if (!name) return unnamed();
        return client.query({ name, text, values: values as unknown[] }).catch(async (error: unknown) => {
          if (!isStaleResultType(error)) throw error;
          if (names.get(text) === name) freshName(text);
          return unnamed().catch(() => {
            throw error;
          });
        });
      }) as unknown as PostgresPoolClient['query'];
      wrapper = { query, release: (...args: unknown[]) => (client.release as (...a: unknown[]) => void)(...args) };
      wrappers.set(client, wrapper);
    }
    return wrapper;
  };
  return {
    connect: async () => wrap(await pool.connect()),
    end: () => pool.end(),
  };
};
