// Protects: declarations and migrations agree: every declared field has its column and entity tables carry no undeclared column (SQLite and PostgreSQL).
/**
 * Every declared field of every entity has its column in the migrated database, on SQLite and
 * PostgreSQL (real columns: `pragma table_info`, information_schema.columns), and entity tables
 * carry no column the declaration does not know. If this fails, a declaration and the
 * migrations disagree: the API would fail at run time on the first read or write of that field.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityList } from '../../src/schema/entities';
import type { Entity } from '../../src/schema/engine/entity';
import { columnFields, columnOf, defineEntity, int, ownedTablesOf, text } from '../../src/schema/engine/entity';
import { createDb } from '../../server/db/index';
import { migrateToLatest } from '../../server/migrate';
import type { Database } from '../../server/db/schema';
import { TABLE_COLUMNS } from '../../server/db/schema';
import type { TestDatabase, TestDialect } from '../helpers/test-db';
import { createTestDatabase, testDialects } from '../helpers/test-db';

/** The columns a declaration needs: `id`, every stored (non-virtual) field, the tenant column. */
const declaredColumns = (entity: Entity): string[] =>
  ['id', ...columnFields(entity).map(([name, decl]) => columnOf(name, decl)), ...(entity.tenant ? [entity.tenant] : [])];

/** Declared fields without a column, as `entity.field (column)`. */
const missingColumns = (entity: Entity, columns: readonly string[]): string[] =>
  columnFields(entity).filter(([name, decl]) => !columns.includes(columnOf(name, decl)))
    .map(([name, decl]) => `${entity.name}.${name} (${columnOf(name, decl)})`)
    .concat(columns.includes('id') ? [] : [`${entity.name}.id (id)`]);

const readColumns = async (db: Kysely<Database>, dialect: TestDialect, table: string): Promise<string[]> => {
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
    return rows.map((r) => r.name);
  }
  const { rows } = await sql<{ column_name: string }>`
    select column_name from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(db);
  return rows.map((r) => r.column_name);
};

describe('missingColumns (the check itself)', () => {
  it('names a declared field whose column is absent, and a missing id', () => {
    const ghost = defineEntity({
      name: 'ghost', path: '/ghost', table: 'ghost', tenant: null, display: 'id', menu: { route: 'brand' },
      fields: { realField: int(), ghostField: text(), renamed: text({ column: 'old_name' }) },
    }) as unknown as Entity;
    expect(missingColumns(ghost, ['id', 'real_field', 'ghost'])).toEqual(['ghost.ghostField (ghost_field)', 'ghost.renamed (old_name)']);
    expect(missingColumns(ghost, ['real_field', 'ghost_field', 'old_name'])).toEqual(['ghost.id (id)']);
  });
});

describe.each(testDialects())('declared fields have columns in the migrated database (%s)', (dialect) => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  const columns = new Map<string, string[]>();
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    db = createDb({ database: database.target });
    await migrateToLatest(db);
    for (const entity of entityList) {
      for (const table of [entity.table, ...ownedTablesOf(entity).map((t) => t.table)]) columns.set(table, await readColumns(db, dialect, table));
    }
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it.each(entityList.map((e) => [e.name, e] as const))('%s: every stored field and id has a column', (_name, entity) => {
    const actual = columns.get(entity.table)!;
    expect(actual.length, `table ${entity.table} exists`).toBeGreaterThan(0);
    expect(missingColumns(entity, actual)).toEqual([]);
  });

  const owned = entityList.flatMap((e) => ownedTablesOf(e).map((t) => [`${e.name}.${t.field}`, t] as const));
  it.runIf(owned.length > 0).each(owned)('%s: its child or relation table has every column the declaration names', (_name, table) => {
    const actual = columns.get(table.table)!;
    expect(actual.length, `table ${table.table} exists`).toBeGreaterThan(0);
    expect(table.columns.filter((c) => !actual.includes(c))).toEqual([]);
  });

  it.each(entityList.map((e) => [e.name, e] as const))('%s: the table has no column the declaration does not know', (_name, entity) => {
    // Beyond the declaration only the columns written out by hand in server/db/schema.ts (the admin's VIP expiry).
    const known = [...declaredColumns(entity), ...(TABLE_COLUMNS[entity.table as keyof Database] ?? [])];
    expect(columns.get(entity.table)!.filter((c) => !known.includes(c))).toEqual([]);
  });
});
