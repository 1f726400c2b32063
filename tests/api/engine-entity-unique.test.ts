// Protects: declared unique fields have unique indexes, and parallel creates of one value end with one row and 409 not_unique for the rest.
/**
 * Unique under races: every declared unique field (read from the declarations, per-tenant ones
 * with their tenant column) has a unique index in the database, and parallel creates of one value
 * end with exactly one row: one 200, every other request the same 409 `not_unique` field error as
 * the engine's pre-check, never a 500. If this fails, parallel creates on PostgreSQL store
 * duplicates (roles did: up to 8 copies from 60 requests) or a clash answers 500.
 */
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { entityList } from '../../src/schema/entities';
import type { Entity } from '../../src/schema/engine/entity';
import { columnOf } from '../../src/schema/engine/entity';
import { adminAccount } from '../../src/schema/ums/admin';
import { toColumnValue } from '../../server/crud/row';
import { call } from '../helpers/api';
import { uniqueIndexColumns, uniqueIndexes } from '../helpers/db-indexes';
import { uniqueIndexesOf } from '../../server/crud/unique';
import type { Body } from '../helpers/entity-bodies';
import { hasRoute, routeOf, urlOf } from '../helpers/entity-bodies';
import { apiSuite } from '../helpers/api-suite';
import { createTestDatabase, testConfig, testDialects } from '../helpers/test-db';
import { createDb } from '../../server/db/index';
import { createMigrator } from '../../server/db/migrations/index';
import { ALL_MIGRATIONS, migrateToLatest } from '../../server/migrate';

/** Parallel creates per unique field: enough to overlap on a 2-core machine with a pool of 10. */
const PARALLEL = 24;

/** Every entity with a declaration, generated routes or not (admin accounts have hand-written ones). */
const declared: readonly Entity[] = [...entityList, adminAccount as unknown as Entity];

const uniqueFields = (entity: Entity): string[] => Object.entries(entity.fields).filter(([, d]) => d.unique).map(([n]) => n);

/** The columns a field's unique index must cover: the tenant column first when unique per tenant. */
const indexColumnsOf = (entity: Entity, field: string): string[] => {
  const column = columnOf(field, entity.fields[field]!);
  return entity.tenant && entity.tenant !== 'id' ? [entity.tenant, column] : [column];
};

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

describe.each(testDialects())('declared unique fields (%s)', (dialect) => {
  const s = apiSuite(dialect);

  it('the declarations have unique fields, per tenant too (else this file tests nothing)', () => {
    const all = declared.flatMap((e) => uniqueFields(e).map((f) => indexColumnsOf(e, f)));
    expect(all.length).toBeGreaterThanOrEqual(5);
    expect(all.some((columns) => columns.length === 2)).toBe(true);
  });

  for (const entity of declared) {
    for (const field of uniqueFields(entity)) {
      it(`${entity.name}.${field} has a unique index on (${indexColumnsOf(entity, field).join(', ')})`, async () => {
        const indexes = await uniqueIndexColumns(s.db, entity.table);
        expect(indexes.some((columns) => sameSet(columns, indexColumnsOf(entity, field))), JSON.stringify(indexes)).toBe(true);
      });
    }
  }

  // An entity's declared combinations (`unique: [{ fields, where }]`): partial exactly when they have a condition.
  for (const entity of declared) {
    for (const unique of uniqueIndexesOf(entity)) {
      it(`${entity.name} has a${unique.where.length ? ' partial' : ''} unique index on (${unique.columns.join(', ')})`, async () => {
        const indexes = await uniqueIndexes(s.db, entity.table);
        expect(indexes.some((index) => sameSet(index.columns, unique.columns) && index.partial === unique.where.length > 0), JSON.stringify(indexes)).toBe(true);
      });
    }
  }

  for (const entity of entityList.filter(hasRoute('create'))) {
    for (const field of uniqueFields(entity)) {
      it(`${PARALLEL} parallel creates of one ${entity.name}.${field}: exactly one succeeds, the rest answer 409 not_unique`, async () => {
        const base = await s.fx.bodyFor(entity, 0, { full: true });
        const bodies: Body[] = [];
        for (let i = 0; i < PARALLEL; i += 1) {
          // Other unique fields differ per request, so only `field` can clash.
          const body = { ...base };
          for (const other of uniqueFields(entity).filter((f) => f !== field)) {
            body[other] = await s.fx.otherValue(entity, other, entity.fields[other]!, null);
          }
          bodies.push(body);
        }
        const url = urlOf(routeOf(entity, 'create')!);
        const answers = await Promise.all(bodies.map((body) => call(s.app, 'POST', url, { token: s.token, body })));
        const statuses = answers.map((a) => a.status);
        expect(statuses.filter((s) => s === 200), answers.map((a) => `${a.status} ${a.raw.slice(0, 200)}`).join('\n')).toHaveLength(1);
        for (const answer of answers.filter((a) => a.status !== 200)) {
          expect(answer.status, answer.raw).toBe(409);
          expect(answer.body.errors?.map((e) => [e.field, e.messageKey]), answer.raw).toEqual([[field, 'not_unique']]);
        }
        const decl = entity.fields[field]!;
        const rows = await (s.db as unknown as Kysely<Record<string, Record<string, unknown>>>).selectFrom(entity.table).select('id')
          .where(columnOf(field, decl), '=', toColumnValue(decl, base[field]) as never).execute();
        expect(rows).toHaveLength(1);
      }, 60_000);
    }
  }
});

describe.each(testDialects())('the unique-index migration on a database that already holds duplicates (%s)', (dialect) => {
  it('keeps the oldest role name, renames the later copies with their id, then builds the index', async () => {
    const database = await createTestDatabase(dialect);
    const db = createDb(testConfig(database.dir, database.target));
    try {
      const migrator = createMigrator(db, ALL_MIGRATIONS);
      expect((await migrator.migrateTo('104_sys_job')).error).toBeUndefined();
      const role = (name: string) => ({ name, admin_count: 0, create_time: new Date().toISOString(), status: 1, sort: 0 });
      await db.insertInto('ums_role').values([role('Twin'), role('Twin'), role('Other'), role('Twin')]).execute();
      await migrateToLatest(db);
      const rows = await db.selectFrom('ums_role').select(['id', 'name']).orderBy('id').execute();
      const [first, second, , fourth] = rows;
      expect(rows.map((r) => r.name)).toEqual(['Twin', `Twin (${second!.id})`, 'Other', `Twin (${fourth!.id})`]);
      expect(first!.name).toBe('Twin');
      expect(await uniqueIndexColumns(db, 'ums_role')).toContainEqual(['name']);
    } finally {
      await db.destroy();
      await database.drop();
    }
  }, 60_000);
});
