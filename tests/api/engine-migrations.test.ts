// Protects: migrations create exactly the declared tables and columns, are idempotent, roll down and up, run one of an
// earlier number landing late, keep timestamps identical, and enforce unique usernames and cascades (SQLite and PostgreSQL).
import { NO_MIGRATIONS } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDb, dialectOf } from '../../server/db/index';
import { createMigrator } from '../../server/db/migrations/index';
import { ALL_MIGRATIONS as migrations, migrateToLatest } from '../../server/migrate';
import { TABLE_COLUMNS } from '../../server/db/schema';
import { toApiTime, toDbTime } from '../../server/db/time';
import { migratedDatabase } from '../helpers/api-suite';
import { createTestDatabase, testDialects } from '../helpers/test-db';

describe.each(testDialects())('migrations (%s)', (dialect) => {
  const store = migratedDatabase(dialect);

  const columnsByTable = async () => {
    const tables = await store.db.introspection.getTables();
    return new Map(tables.map((t) => [t.name, t.columns.map((c) => c.name).sort()]));
  };

  // Tables of other areas (catalog, orders...) have their own declarations and checks; this
  // covers the tables the Database type declares: each exists with exactly the declared columns.
  it('creates every table and column the Database type declares', async () => {
    expect(dialectOf(store.db)).toBe(dialect);
    const actual = await columnsByTable();
    for (const [table, columns] of Object.entries(TABLE_COLUMNS)) {
      expect(actual.get(table), table).toEqual([...columns].sort());
    }
  });

  it('runs a migration of an earlier number that lands after later ones have run (an existing database)', async () => {
    const other = await createTestDatabase(dialect);
    const older = createDb({ database: other.target });
    try {
      const names = Object.keys(migrations);
      const late = names[names.length - 2]!;
      const { error } = await createMigrator(older, Object.fromEntries(Object.entries(migrations).filter(([name]) => name !== late))).migrateToLatest();
      expect(error).toBeUndefined();
      const results = await migrateToLatest(older);
      expect(results.map((r) => [r.migrationName, r.status])).toEqual([[late, 'Success']]);
    } finally {
      await older.destroy();
      await other.drop();
    }
  });

  it('is idempotent, and rolls all the way down and up again', async () => {
    const results = await migrateToLatest(store.db);
    expect(results).toEqual([]);
    const down = await createMigrator(store.db, migrations).migrateTo(NO_MIGRATIONS);
    expect(down.error).toBeUndefined();
    expect(down.results?.map((r) => r.migrationName)).toEqual(Object.keys(migrations).reverse());
    expect((await columnsByTable()).size).toBe(0);
    const up = await migrateToLatest(store.db);
    expect(up.map((r) => r.migrationName)).toEqual(Object.keys(migrations));
  });

  it('stores and returns timestamps identically (ISO-8601 UTC with milliseconds)', async () => {
    const at = new Date(Date.UTC(2024, 4, 1, 16, 0, 0, 7));
    await store.db.insertInto('ums_resource_category').values({ name: 'time-check', sort: 1, create_time: toDbTime(at) }).execute();
    const row = await store.db.selectFrom('ums_resource_category').select('create_time').where('name', '=', 'time-check').executeTakeFirstOrThrow();
    expect(row.create_time).toBe('2024-05-01T16:00:00.007Z');
    expect(toApiTime(row.create_time)).toBe('2024-05-01T16:00:00.007Z');
    const later = await store.db.selectFrom('ums_resource_category').select('id').where('create_time', '>', '2024-05-01T15:59:59.999Z').execute();
    expect(later.length).toBeGreaterThan(0);
  });

  it('enforces unique usernames and cascades relations on delete', async () => {
    const values = { username: 'u1', password: 'x', icon: null, email: null, nick_name: null, note: null, create_time: toDbTime(), login_time: null, status: 1, invite_code: null, referrer_id: null };
    const admin = await store.db.insertInto('ums_admin').values(values).returning('id').executeTakeFirstOrThrow();
    await expect(store.db.insertInto('ums_admin').values(values).execute()).rejects.toThrow();
    const role = await store.db.insertInto('ums_role').values({ code: null, name: 'r', description: null, admin_count: 0, create_time: toDbTime(), status: 1, sort: 0 }).returning('id').executeTakeFirstOrThrow();
    await store.db.insertInto('ums_admin_role_relation').values({ admin_id: admin.id, role_id: role.id }).execute();
    await store.db.insertInto('ums_admin_session').values({ id: '00000000-0000-4000-8000-000000000000', admin_id: admin.id, create_time: toDbTime(), expire_time: toDbTime(), revoked_time: null, ip: null, user_agent: null }).execute();
    await store.db.deleteFrom('ums_admin').where('id', '=', admin.id).execute();
    expect(await store.db.selectFrom('ums_admin_role_relation').selectAll().where('admin_id', '=', admin.id).execute()).toEqual([]);
    expect(await store.db.selectFrom('ums_admin_session').selectAll().where('admin_id', '=', admin.id).execute()).toEqual([]);
  });
});
