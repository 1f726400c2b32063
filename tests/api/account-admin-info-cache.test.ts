// Protects: /admin/info keeps a caller's roles, menus and URL patterns per permission version, so a permission change made through another server process on the same database shows in this process's very next answer (no stale cache), and an unchanged version answers the same. SQLite and PostgreSQL.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminInfo } from '../../src/schema/api';
import { SEED_ROLES } from '../../src/schema/resources';
import { buildApp } from '../../server/app';
import { createDb } from '../../server/db/index';
import type { Database } from '../../server/db/schema';
import { DEMO } from '../helpers/accounts';
import { call, login } from '../helpers/api';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

describe.each(testDialects())('/admin/info across server processes (%s)', (dialect) => {
  let first: TestApp;
  let second: { app: FastifyInstance; db: Kysely<Database> };
  let sellerToken: string;
  let adminToken: string;

  beforeAll(async () => {
    first = await createTestApp(dialect);
    // A second server on the same database: its own connections and its own caches.
    const db = createDb(first.config);
    second = { app: buildApp(first.config, { db }), db };
    await second.app.ready();
    sellerToken = await login(first.app, DEMO.seller);
    adminToken = await login(second.app, DEMO.admin);
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.db.destroy();
    await first?.close();
  });

  const info = async () => (await call<AdminInfo>(first.app, 'GET', '/api/admin/info', { token: sellerToken })).body.data;

  it('shows a menu change made by the other process in the next answer', async () => {
    const before = await info();
    expect(await info()).toEqual(before);
    const sellerRole = await first.db.selectFrom('ums_role').select('id').where('code', '=', SEED_ROLES.seller.code).executeTakeFirstOrThrow();
    const menu = before.menus.find((m) => m.level === 1)!;
    const kept = before.menus.filter((m) => m.id !== menu.id).map((m) => m.id);
    const answer = await call(second.app, 'POST', `/api/role/allocMenu?roleId=${sellerRole.id}&menuIds=${kept.join(',')}`, { token: adminToken });
    expect(answer.status).toBe(200);
    const after = await info();
    expect(after.menus.map((m) => m.id)).not.toContain(menu.id);
    expect(after.menus).toHaveLength(before.menus.length - 1);
  });

  it('shows a renamed menu title and a disabled role at once', async () => {
    const before = await info();
    const menu = before.menus[0]!;
    expect((await call(second.app, 'POST', `/api/menu/update/${menu.id}`, { token: adminToken, body: { title: 'Renamed elsewhere' } })).status).toBe(200);
    expect((await info()).menus.find((m) => m.id === menu.id)?.title).toBe('Renamed elsewhere');
    const sellerRole = await first.db.selectFrom('ums_role').select('id').where('code', '=', SEED_ROLES.seller.code).executeTakeFirstOrThrow();
    expect((await call(second.app, 'POST', `/api/role/updateStatus/${sellerRole.id}?status=0`, { token: adminToken })).status).toBe(200);
    const disabled = await info();
    expect(disabled.roles).toEqual([]);
    expect(disabled.menus).toEqual([]);
  });
});
