// Protects: a write the database itself refuses (unique, not-null, check, foreign key, PostgreSQL value errors) answers a field error, never a bare 500.
/**
 * The last line against 5xx: a write the database refuses (unique, not-null, check, foreign key,
 * and PostgreSQL's value errors such as a NUL byte) is recognised from real driver errors on both
 * dialects and answered as a field error (409 `not_unique`, or 400 naming the field), through the
 * one error handler. If this fails, a constraint the engine's checks miss answers a bare 500.
 */
import Fastify from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConstraintViolation } from '../../server/db/errors';
import { constraintViolation } from '../../server/db/errors';
import { createErrorHandler } from '../../server/http/error-handler';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

/** The error a statement fails with (the test fails when it succeeds). */
const failureOf = async (run: () => Promise<unknown>): Promise<unknown> => {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the database to refuse the write');
};

/** What the one error handler answers for `error`, through a real Fastify reply. */
const answerTo = async (error: unknown) => {
  const app = Fastify({ logger: false });
  app.setErrorHandler(createErrorHandler({ http200Envelopes: false }));
  app.get('/x', async () => { throw error; });
  const response = await app.inject({ method: 'GET', url: '/x' });
  await app.close();
  return { status: response.statusCode, body: response.json() as { messageKey: string; errors?: { field: string; messageKey: string }[] } };
};

describe.each(testDialects())('database constraint failures (%s)', (dialect) => {
  let t: TestApp;
  let db: AnyDb;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    db = t.db as unknown as AnyDb;
    await sql`create table t_checked (id integer primary key, n integer check (n >= 0))`.execute(db);
  }, 60_000);
  afterAll(async () => t?.close());

  const brand = (name: unknown) => ({ name, first_letter: 'B', sort: 0, factory_status: 0, show_status: 0, product_count: 0, product_comment_count: 0, logo: '/uploads/l.png' });

  const cases: { what: string; run: () => Promise<unknown>; violation: ConstraintViolation; status: number; field: string; messageKey: string }[] = [
    {
      what: 'a unique index', run: async () => {
        await db.insertInto('pms_brand').values(brand('Twin')).execute();
        await db.insertInto('pms_brand').values(brand('Twin')).execute();
      },
      violation: { kind: 'unique', columns: ['name'] }, status: 409, field: 'name', messageKey: 'not_unique',
    },
    {
      what: 'a per-tenant unique index', run: async () => {
        const shop = await db.insertInto('shop').values({ shop_name: 'Shop X', status: 1, create_time: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow();
        const mold = { shop_id: shop.id, code: 'M-1', name: 'Mold', status: 0, usage_count: 0, rated_life: 1000, create_time: new Date().toISOString() };
        await db.insertInto('mold').values(mold).execute();
        await db.insertInto('mold').values(mold).execute();
      },
      violation: { kind: 'unique', columns: ['shop_id', 'code'] }, status: 409, field: 'code', messageKey: 'not_unique',
    },
    {
      what: 'NOT NULL', run: () => db.insertInto('pms_brand').values(brand(null)).execute(),
      violation: { kind: 'notNull', columns: ['name'] }, status: 400, field: 'name', messageKey: 'required',
    },
    {
      what: 'a foreign key', run: () => db.insertInto('ums_admin_role_relation').values({ admin_id: 1, role_id: 999_999 }).execute(),
      violation: { kind: 'foreignKey', columns: dialect === 'postgres' ? ['role_id'] : [] }, status: 400,
      field: dialect === 'postgres' ? 'roleId' : '_', messageKey: 'invalid_reference',
    },
    {
      what: 'a CHECK', run: () => db.insertInto('t_checked').values({ id: 1, n: -1 }).execute(),
      violation: { kind: 'check', columns: dialect === 'postgres' ? ['n'] : [] }, status: 400,
      field: dialect === 'postgres' ? 'n' : '_', messageKey: 'invalid_value',
    },
  ];
  if (dialect === 'postgres') {
    cases.push({
      what: 'a NUL byte (class 22 data exception)', run: () => db.insertInto('pms_brand').values(brand('Nul\u0000Name')).execute(),
      violation: { kind: 'badValue', columns: [] }, status: 400, field: '_', messageKey: 'invalid_format',
    });
  }

  for (const c of cases) {
    it(`${c.what}: recognised from the driver's error and answered ${c.status} ${c.messageKey} on ${c.field}`, async () => {
      const error = await failureOf(c.run);
      expect(constraintViolation(error)).toEqual(c.violation);
      const answer = await answerTo(error);
      expect(answer.status).toBe(c.status);
      expect(answer.body.errors?.map((e) => [e.field, e.messageKey])).toEqual([[c.field, c.messageKey]]);
    });
  }

  it('anything else stays a logged 500 (a bug, not bad input)', async () => {
    const error = await failureOf(() => sql`select * from no_such_table`.execute(db));
    expect(constraintViolation(error)).toBeNull();
    expect((await answerTo(error)).status).toBe(500);
  });
});
