// Protects: PostgreSQL parses and plans the app's repeated statements once per connection (named prepared statements), and a list page's statement is kept with one generic plan and still answers right.
/**
 * server/db/named-statements.ts names a SQL text on its second use (up to a limit) so PostgreSQL
 * keeps it parsed per connection; server/crud/repository.ts writes a page's statement so the plan
 * PostgreSQL keeps after five executions is a generic one, read by index. Checked through
 * `pg_prepared_statements`, which lists one connection's statements: the pools here hold one.
 * PostgreSQL only (SQLite has its own statement cache in server/db/index.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely, PostgresPoolClient } from 'kysely';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { createDb } from '../../server/db/index';
import { migrateToLatest } from '../../server/migrate';
import { LIST_CACHE_LIMITS } from '../../server/crud/list-cache';
import { PLAN_EACH_TIME, withNamedStatements } from '../../server/db/named-statements';
import type { Database } from '../../server/db/schema';
import { seed } from '../../server/seed/index';
import { DEMO } from '../helpers/accounts';
import { call, login } from '../helpers/api';
import type { TestDatabase } from '../helpers/test-db';
import { createTestDatabase, testConfig, testDialects } from '../helpers/test-db';

type Prepared = { statement: string; generic_plans: string | number; custom_plans: string | number };

const onPostgres = testDialects().includes('postgres');
/**
 * Copies of each demo order: ~14,000 orders, past the exact total's limit (10,000), so the long
 * list is long, and enough that a page size sent as a plain parameter makes PostgreSQL refuse the
 * generic plan (the first test then fails, as checked). 400 copies checked nothing more and cost
 * ~25 s of database CPU per run.
 */
const COPIES = 40;

describe.runIf(onPostgres)('named statements (postgres)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await database?.drop();
  });

  const connectionString = () => (database.target as { connectionString: string }).connectionString;
  const preparedOn = async (client: { query: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }> }): Promise<Prepared[]> => (
    await client.query('select statement, generic_plans, custom_plans from pg_prepared_statements', [])
  ).rows as Prepared[];
  /** `use` with the one connection of a pool of one, behind named statements (at most `limit`). */
  const withClient = async (limit: number, use: (client: PostgresPoolClient) => Promise<void>): Promise<void> => {
    const named = withNamedStatements(new pg.Pool({ connectionString: connectionString(), max: 1 }), { limit });
    const client = await named.connect();
    try {
      await use(client);
    } finally {
      client.release();
      await named.end();
    }
  };

  it('names a text on its second use, never one seen once, and no more than the limit', () => withClient(2, async (client) => {
    const texts = ['select 1 + $1::int as n', 'select 2 + $1::int as n', 'select 3 + $1::int as n'];
    await client.query(texts[0]!, [1]);
    expect((await preparedOn(client)).map((p) => p.statement)).not.toContain(texts[0]);
    // The answer is the same named or not.
    expect((await client.query<{ n: number }>(texts[0]!, [1])).rows).toEqual([{ n: 2 }]);
    expect((await client.query<{ n: number }>(texts[0]!, [5])).rows).toEqual([{ n: 6 }]);
    for (const text of texts.slice(1)) for (let n = 0; n < 3; n += 1) await client.query(text, [n]);
    const statements = (await preparedOn(client)).map((p) => p.statement);
    // Two names at most: the third text stays unnamed.
    expect(statements.filter((s) => texts.includes(s)).sort()).toEqual(texts.slice(0, 2));
  }));

  it('a text marked PLAN_EACH_TIME is never named, so it is planned with its values at every use', () => withClient(10, async (client) => {
    const marked = `select 4 + $1::int as n ${PLAN_EACH_TIME}`;
    for (let n = 0; n < 7; n += 1) expect((await client.query<{ n: number }>(marked, [n])).rows).toEqual([{ n: 4 + n }]);
    const plain = 'select 5 + $1::int as n';
    for (let n = 0; n < 2; n += 1) await client.query(plain, [n]);
    const statements = (await preparedOn(client)).map((p) => p.statement);
    // The same kind of text without the mark is named on its second use.
    expect(statements).toContain(plain);
    expect(statements).not.toContain(marked);
  }));

  it('a named statement that fails to parse is not kept: the next use reports the same error', () => withClient(10, async (client) => {
    const bad = 'select no_such_column from pg_class where oid = $1';
    for (let n = 0; n < 3; n += 1) await expect(client.query(bad, [1])).rejects.toThrow(/no_such_column/);
    expect((await client.query<{ ok: number }>('select 1 as ok', [])).rows).toEqual([{ ok: 1 }]);
  }));

  it('a table whose columns change under a named `select *` is read again, with its new column', () => withClient(10, async (client) => {
    try {
      await client.query('create table named_fixture (id int primary key)', []);
      await client.query('insert into named_fixture values (1)', []);
      const read = 'select * from named_fixture where id = $1';
      for (let n = 0; n < 3; n += 1) expect((await client.query(read, [1])).rows).toEqual([{ id: 1 }]);
      expect((await preparedOn(client)).map((p) => p.statement)).toContain(read);
      // Another process migrating the table, as far as this connection can tell.
      await client.query('alter table named_fixture add column note text default $$x$$', []);
      expect((await client.query(read, [1])).rows).toEqual([{ id: 1, note: 'x' }]);
      expect((await client.query(read, [1])).rows).toEqual([{ id: 1, note: 'x' }]);
    } finally {
      await client.query('drop table if exists named_fixture', []);
    }
  }));

  describe('list pages', () => {
    let db: Kysely<Database>;
    let app: FastifyInstance;
    let token: string;
    beforeAll(async () => {
      const config = testConfig(database.dir, database.target);
      db = createDb(config, { connections: 1 });
      await migrateToLatest(db);
      await seed(db, config, { demo: true, content: true });
      // Enough orders that a page-1 plan costs far less than a plan for an unknown page: with a
      // page size and offset as plain parameters, PostgreSQL would then never keep the generic plan.
      const columns = (await sql<{ name: string }>`select column_name as name from information_schema.columns
        where table_schema = current_schema() and table_name = 'oms_order' and column_name <> 'id'`.execute(db)).rows.map((r) => r.name);
      const list = columns.map((c) => sql.ref(c));
      const values = columns.map((c) => (c === 'order_sn' ? sql`order_sn || '-' || g` : sql.ref(c)));
      await sql`insert into oms_order (${sql.join(list)}) select ${sql.join(values)} from oms_order, generate_series(1, ${COPIES}) as g`.execute(db);
      await sql`analyze oms_order`.execute(db);
      app = buildApp(config, { db });
      await app.ready();
      token = await login(app, DEMO.admin);
    });
    afterAll(async () => {
      await app?.close();
      await db?.destroy();
    });

    /** The statement of this connection that holds every one of `parts`. */
    const preparedWith = async (...parts: string[]): Promise<Prepared | undefined> => (
      await sql<Prepared>`select statement, generic_plans, custom_plans from pg_prepared_statements`.execute(db)
    ).rows.find((p) => parts.every((part) => p.statement.includes(part)));
    const page = async (url: string): Promise<number[]> => {
      const answer = await call<{ list: { id: number }[] }>(app, 'GET', `/api${url}`, { token });
      expect(answer.status, answer.raw).toBe(200);
      return answer.body.data.list.map((r) => r.id);
    };

    it('keeps one generic plan for the page statement, and answers the same page before and after', async () => {
      const expected = await db.selectFrom('oms_order').select('id').where('status', '=', 1).where('delete_status', '=', 0)
        .orderBy('id', 'desc').limit(2).offset(1).execute();
      expect(expected.length).toBeGreaterThan(0);
      for (let n = 0; n < 8; n += 1) {
        // A write before each view: the page is walked to again (a page seen since the last write is kept).
        await db.updateTable('oms_order').set({ note: `view ${n}` }).where('id', '=', expected[0]!.id).execute();
        expect(await page('/order/list?pageNum=2&pageSize=1&status=1')).toEqual([expected[0]!.id]);
      }
      const walked = await preparedWith('"oms_order".*', 'any(array(');
      expect(walked).toBeDefined();
      expect(Number(walked!.generic_plans)).toBeGreaterThan(0);
      // Seen again with no write between: the kept page's statement (rows by id, total, version), generic too.
      for (let n = 0; n < 8; n += 1) expect(await page('/order/list?pageNum=2&pageSize=1&status=1')).toEqual([expected[0]!.id]);
      const kept = await preparedWith('sys_page_value', '"oms_order" t');
      expect(kept).toBeDefined();
      expect(Number(kept!.generic_plans)).toBeGreaterThan(0);
    });

    it('plans a long list\'s walk at every view (never a kept generic plan), and answers the same page', async () => {
      const from = '2000-01-01';
      const expected = await db.selectFrom('oms_order').select('id').where('create_time', '>=', `${from}T00:00:00.000Z`)
        .where('delete_status', '=', 0).orderBy('id', 'desc').limit(3).offset(3).execute();
      for (let n = 0; n < 8; n += 1) {
        await db.updateTable('oms_order').set({ note: `long view ${n}` }).where('id', '=', expected[0]!.id).execute();
        expect(await page(`/order/list?pageNum=2&pageSize=3&createTimeFrom=${from}`)).toEqual(expected.map((r) => Number(r.id)));
      }
      // The walk's statement (the page's rows by the ids it walks to) is not among this connection's prepared ones.
      expect(await preparedWith('any(array(', '"create_time" >=')).toBeUndefined();
      expect(await preparedWith(PLAN_EACH_TIME)).toBeUndefined();
    });

    it('plans a keyword list\'s read at every fill (a generic plan knows no pattern), and answers its rows', async () => {
      // The rarest phone: its orders (a demo order and its copies) are a short list, whose ids are kept and read again after a write.
      const sample = await sql<{ phone: string; n: string }>`select receiver_phone as phone, count(*) as n from oms_order
        where delete_status = 0 and receiver_phone is not null group by receiver_phone order by count(*), receiver_phone limit 1`.execute(db);
      const keyword = String(sample.rows[0]!.phone);
      expect(Number(sample.rows[0]!.n)).toBeLessThanOrEqual(LIST_CACHE_LIMITS.idsPerEntry);
      const expected = (await db.selectFrom('oms_order').select('id').where('delete_status', '=', 0)
        .where(sql<boolean>`lower(receiver_name) like ${`%${keyword.toLowerCase()}%`} or lower(receiver_phone) like ${`%${keyword.toLowerCase()}%`}`)
        .orderBy('id', 'desc').limit(3).execute()).map((r) => Number(r.id));
      expect(expected.length).toBeGreaterThan(0);
      for (let n = 0; n < 8; n += 1) {
        // A write before each view: the kept ids catch up on the written row (the row log), or are read again.
        await db.updateTable('oms_order').set({ note: `keyword view ${n}` }).where('id', '=', expected[0]!).execute();
        expect(await page(`/order/list?pageNum=1&pageSize=3&receiverKeyword=${encodeURIComponent(keyword)}`)).toEqual(expected);
      }
      expect((await preparedWith('like', '"receiver_name"'))?.statement).toBeUndefined();
    });

    it('keeps one generic plan for a cached page (the product list), and answers the same page before and after', async () => {
      const expected = await db.selectFrom('pms_product').select('id').where('delete_status', '=', 0)
        .orderBy('id', 'desc').limit(3).execute();
      for (let n = 0; n < 8; n += 1) expect(await page('/product/list?pageNum=1&pageSize=3')).toEqual(expected.map((r) => r.id));
      const cached = await preparedWith('sys_list_version', '"pms_product" t');
      expect(cached).toBeDefined();
      expect(Number(cached!.generic_plans)).toBeGreaterThan(0);
    });
  });
});
