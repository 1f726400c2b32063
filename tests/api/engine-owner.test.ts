// Protects: entities owned by an account (`owner`, src/schema/engine/entity.ts) on a fixture: the creator is stamped whatever the body says, a seller lists, reads and acts on its own records only (another's is not found), staff see every record; SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { defineEntity, reference, text } from '../../src/schema/engine/entity';
import type { Entity } from '../../src/schema/engine/entity';
import { bumpPermissionVersion } from '../../server/auth/permissions';
import { idColumn } from '../../server/db/migrations/columns';
import type { Database } from '../../server/db/schema';
import { toDbTime } from '../../server/db/time';
import { DEMO } from '../helpers/accounts';
import { call, login } from '../helpers/api';
import { adminIdOf } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

const note = defineEntity({
  name: 'fxNote', path: '/fxNote', table: 'test_fx_note', tenant: null, owner: 'authorId', display: 'body',
  menu: { route: 'auditLog' },
  fields: {
    authorId: reference('admin', 'username', { serverManaged: true, list: true }),
    body: text({ required: true, length: [1, 100], list: true }),
  },
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the fixture's table is not in the Database type
type Db = Kysely<any>;

describe.each(testDialects())('entities owned by an account (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let seller: string;
  let seller2: string;
  let sellerId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { demo: true }, { entities: [note as unknown as Entity], areas: [] });
    const any = t.db as unknown as Db;
    await any.schema.createTable('test_fx_note').addColumn('id', 'integer', idColumn(any))
      .addColumn('author_id', 'integer').addColumn('body', 'varchar(100)', (c) => c.notNull()).execute();
    const db = t.db as Kysely<Database>;
    const category = await db.selectFrom('ums_resource_category').select('id').orderBy('id').executeTakeFirstOrThrow();
    const role = await db.selectFrom('ums_role').select('id').where('code', '=', 'seller').executeTakeFirstOrThrow();
    const resource = await db.insertInto('ums_resource').values({ name: 'Notes (test)', url: '/fxNote/**', description: null, category_id: category.id, create_time: toDbTime() })
      .returning('id').executeTakeFirstOrThrow();
    await db.insertInto('ums_role_resource_relation').values({ role_id: role.id, resource_id: resource.id }).execute();
    await bumpPermissionVersion(db);
    admin = await login(t.app, DEMO.admin);
    seller = await login(t.app, DEMO.seller);
    seller2 = await login(t.app, DEMO.seller2);
    sellerId = await adminIdOf(t.db, DEMO.seller.username);
  });
  afterAll(async () => t?.close());

  it('stamps the creator, and keeps each seller to its own records while staff see all', async () => {
    const created = await call(t.app, 'POST', '/api/fxNote/create', { token: seller, body: { body: 'mine' } });
    expect(created.body).toMatchObject({ code: 200, data: { authorId: sellerId, body: 'mine' } });
    const mine = (created.body.data as { id: number }).id;
    const other = await call(t.app, 'POST', '/api/fxNote/create', { token: seller2, body: { body: 'theirs' } });
    const theirs = (other.body.data as { id: number }).id;
    const ids = async (token: string) => ((await call(t.app, 'GET', '/api/fxNote/list?pageSize=50', { token })).body.data as { list: { id: number }[] }).list.map((r) => r.id).sort();
    expect(await ids(seller)).toEqual([mine]);
    expect(await ids(seller2)).toEqual([theirs]);
    expect(await ids(admin)).toEqual([mine, theirs].sort());
    expect((await call(t.app, 'GET', `/api/fxNote/${theirs}`, { token: seller })).status).toBe(404);
    expect((await call(t.app, 'POST', `/api/fxNote/update/${theirs}`, { token: seller, body: { body: 'taken' } })).status).toBe(404);
    expect((await call(t.app, 'POST', `/api/fxNote/delete/${theirs}`, { token: seller })).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/fxNote/${theirs}`, { token: admin })).body.data).toMatchObject({ body: 'theirs' });
  });
});
