// Protects: the generated mall-style routes of every declared entity (create, get, list, update, delete, batch) with their audit rows.
/**
 * The generated mall-style routes of EVERY declared entity, on every test database: create,
 * get, list (paging, filters, search, sort, ids), selective update, delete, batch delete and
 * batch set, each with its audit rows. The cases come from `entityList` and `operationsOf` (src/schema/engine/endpoints.ts),
 * and bodies from tests/helpers/entity-bodies.ts, so a new declaration is covered by itself.
 * If this fails, a generated endpoint no longer behaves like mall's (or lost its audit trail).
 */
import { recycleBinOf } from '../../src/schema/engine/recycleBin';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { entityList } from '../../src/schema/entities';
import type { Entity, FieldDecl } from '../../src/schema/engine/entity';
import { columnOf, filterOf, nameFieldOf } from '../../src/schema/engine/entity';
import { findEntity } from '../../src/schema/entities';
import type { Page } from '../../src/schema/api';
import { call } from '../helpers/api';
import type { ApiRecord } from '../helpers/entity-bodies';
import {
  answeredFieldNames, answeredPart, answeredValue, auditRowsSince, createdByFixtures, hasRoute, isWriteOnly, lastAuditId, listFilledFieldNames, listPathFields, listUrlFor, routeOf,
  storedFieldNames, updatableFields, urlOf,
} from '../helpers/entity-bodies';
import { AREAS, collectHooks } from '../../server/areas/index';
import { apiSuite } from '../helpers/api-suite';
import { testDialects } from '../helpers/test-db';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** Declared list filters other than the list path's own placeholders. */
const queryFilters = (entity: Entity) => Object.entries(entity.fields)
  .map(([name, decl]) => ({ name, decl, filter: filterOf(name, decl) }))
  .filter((f): f is { name: string; decl: FieldDecl; filter: NonNullable<ReturnType<typeof filterOf>> } =>
    f.filter !== null && !f.decl.virtual && !listPathFields(entity).includes(f.filter.param)
    // Values the server sets from the caller (a shop's owner) cannot be made to differ here; their
    // filters are tested where they are set (tenancy tests).
    && !(f.decl.serverManaged && f.decl.kind !== 'dateTime'));

const sortableFields = (entity: Entity): string[] => ['id', ...Object.entries(entity.fields).filter(([, d]) => d.sortable).map(([n]) => n)];

/** Compares two API values the way the database orders them (numbers, ISO times, ASCII text). */
const compare = (a: unknown, b: unknown): number => {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const [x, y] = [String(a), String(b)];
  return x < y ? -1 : x > y ? 1 : 0;
};

const expectOrdered = (rows: ApiRecord[], field: string, order: 'asc' | 'desc') => {
  const sign = order === 'asc' ? 1 : -1;
  for (let i = 1; i < rows.length; i += 1) {
    const [prev, next] = [rows[i - 1]!, rows[i]!];
    const byField = compare(prev[field], next[field]) * sign;
    // Ties are broken by id in the same direction, so paging is stable.
    expect(byField < 0 || (byField === 0 && compare(prev.id, next.id) * sign < 0), `${field} ${order}: ${JSON.stringify([prev, next])}`).toBe(true);
  }
};

/** What a filter's query value is for a record, and whether a listed row matches it. */
const filterCase = (f: ReturnType<typeof queryFilters>[number], record: ApiRecord) => {
  const value = record[f.name];
  switch (f.filter.op) {
    case 'like': {
      // Lower-cased and without the first character: a case-insensitive "contains".
      const query = String(value).slice(1).toLowerCase();
      return { query, matches: (row: ApiRecord) => String(row[f.name]).toLowerCase().includes(query) };
    }
    case 'prefix': {
      // Time prefixes are days (`endTime=2024-05-01`); text prefixes a few characters.
      const query = f.decl.kind === 'dateTime' || f.decl.kind === 'date' ? String(value).slice(0, 10) : String(value).slice(0, 4);
      return { query, matches: (row: ApiRecord) => String(row[f.name]).startsWith(query) };
    }
    case 'gte': return { query: String(value), matches: (row: ApiRecord) => compare(row[f.name], value) >= 0 };
    case 'lte': return { query: String(value), matches: (row: ApiRecord) => compare(row[f.name], value) <= 0 };
    default: return { query: String(value), matches: (row: ApiRecord) => String(row[f.name]) === String(value) };
  }
};

describe.each(testDialects())('generated entity routes (%s)', (dialect) => {
  const s = apiSuite(dialect, { shareTargets: true });

  const get = <T = unknown>(url: string) => call<T>(s.app, 'GET', url, { token: s.token });
  const post = <T = unknown>(url: string, body?: unknown, headers?: Record<string, string>) => call<T>(s.app, 'POST', url, { token: s.token, body, headers });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- declared tables are not in the static Database type
  const anyDb = () => s.db as unknown as Kysely<any>;

  /**
   * What the `referenceName` fields of a record must read: the display value of the referenced
   * row, read straight from its table (the engine joins it in on every read).
   */
  const namesOf = async (entity: Entity, record: ApiRecord): Promise<Record<string, string | null>> => {
    const names: Record<string, string | null> = {};
    for (const [name, decl] of Object.entries(entity.fields)) {
      if (!decl.nameOf) continue;
      const reference = entity.fields[decl.nameOf]!.reference!;
      const target = findEntity(reference.entity)!;
      const id = record[decl.nameOf];
      const row = typeof id === 'number'
        ? await anyDb().selectFrom(target.table).select(`${columnOf(reference.display, target.fields[reference.display]!)} as display`)
          .where('id', '=', id).executeTakeFirst() as { display: unknown } | undefined
        : undefined;
      // An empty reference reads as the declared name of none (`referenceName`'s `none`), a dangling one as null.
      names[name] = row ? String(row.display) : id === null || id === undefined ? decl.noneName ?? null : null;
    }
    return names;
  };
  /** What a `referenceValue` field of a record must read: the referenced record's fields as its own GET answers them, derived where declared. */
  const readValueOf = async (entity: Entity, decl: FieldDecl, record: ApiRecord): Promise<unknown> => {
    const from = decl.readFrom!;
    const id = record[from.of];
    if (typeof id !== 'number') return null;
    const target = findEntity(entity.fields[from.of]!.reference!.entity)!;
    const read = await s.fx.get(target, id);
    const values = Object.fromEntries(from.fields.map((field) => [field, read[field]]));
    return from.derive ? from.derive(values) : values[from.fields[0]!];
  };
  const nameFields = (entity: Entity): string[] => Object.entries(entity.fields).filter(([, d]) => d.nameOf).map(([n]) => n);

  /** `n` records that one list shows (per-parent lists: the same parent as the first). */
  const createGroup = async (entity: Entity, n: number): Promise<ApiRecord[]> => {
    const first = await s.fx.create(entity, 0);
    const group = Object.fromEntries(listPathFields(entity).map((f) => [f, first[f]]));
    const rest: ApiRecord[] = [];
    for (let i = 1; i < n; i += 1) rest.push(await s.fx.create(entity, i, group));
    return [first, ...rest];
  };

  /** The audit rows a write added: exactly one per changed record, in this entity's table. */
  const expectAudit = async (since: number, entity: Entity, action: string, ids: number[]) => {
    const rows = (await auditRowsSince(s.db, since)).sort((x, y) => Number(x.entity_id) - Number(y.entity_id));
    expect(rows.map((r) => [r.action, r.entity, r.entity_id])).toEqual([...ids].sort((x, y) => x - y).map((id) => [action, entity.table, String(id)]));
    return rows;
  };

  for (const entity of entityList) {
    describe(entity.name, () => {
      if (createdByFixtures(entity)) {
        it('create with only the required fields answers the record with its id, the declared defaults and the server-managed values', async () => {
          const body = await s.fx.bodyFor(entity, 0);
          const since = await lastAuditId(s.db);
          const answer = await post<ApiRecord>(urlOf(routeOf(entity, 'create')!), body);
          expect(answer.status, answer.raw).toBe(200);
          expect(answer.body.code).toBe(200);
          const record = answer.body.data;
          expect(record.id).toBeGreaterThan(0);
          expect(Object.keys(record).sort()).toEqual(['id', ...answeredFieldNames(entity)].sort());
          for (const [name, value] of Object.entries(answeredPart(entity, body))) expect(record[name], name).toEqual(value);
          for (const [name, decl] of Object.entries(entity.fields)) {
            if (name in body || isWriteOnly(decl)) continue;
            if (decl.derived) {
              // What the area's deriver makes of the stored record (a pay record's amount, a member's apply status).
              const derive = collectHooks(AREAS, { config: s.t.config })[entity.name]!.derive![name]!;
              const expected = await derive({ trx: s.db, entity, input: body, before: null, actor: { adminId: null, ip: null, scope: 'all' as never }, record });
              expect(record[name], `${name} is what its area derives`).toEqual(expected ?? decl.default ?? null);
            } else if (decl.readFrom) {
              expect(record[name], `${name} is read from the record ${decl.readFrom.of} points at`).toEqual(await readValueOf(entity, decl, record));
            } else if (decl.default !== undefined) expect(record[name], `${name} default`).toEqual(decl.default);
            else if (decl.serverManaged && decl.kind === 'dateTime' && !decl.auto) {
              expect(record[name], `${name} is a time the server sets later (a last sign-in): none on create`).toBeNull();
            } else if (decl.serverManaged && decl.kind === 'json' && decl.virtual) {
              // What the area fills in, as GET reads it: an account's roles (those it was created with), a flash product's product.
              const read = (await s.fx.get(entity, record.id))[name];
              expect(record[name], `${name} is what the area fills in`).toEqual(read);
            } else if (decl.serverManaged && decl.kind === 'dateTime') {
              expect(Math.abs(Date.now() - Date.parse(String(record[name]))), name).toBeLessThan(60_000);
            } else if (decl.serverManaged && name === 'ownerId') {
              const caller = await s.db.selectFrom('ums_admin').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
              expect(record[name], 'the caller owns what it creates').toBe(caller.id);
            } else if (decl.nameOf) {
              expect(record[name], `${name} names the record ${decl.nameOf} points at`).toBe((await namesOf(entity, record))[name]);
              // An optional reference left empty names nothing.
              expect(record[name], name).toEqual(record[decl.nameOf] === null ? null : expect.any(String));
            } else if (decl.serverManaged && decl.kind === 'text') {
              expect(record[name], `${name} is the server's to set (a built-in role's code): none on create`).toBeNull();
            } else if (decl.serverManaged && decl.kind === 'int' && /Id$/.test(name)) {
              expect(record[name], `${name} is an id the server sets (a referrer): none on create`).toBeNull();
            } else if (decl.serverManaged) expect(record[name], `${name} starts at zero`).toBe(0);
          }
          const [audit] = await expectAudit(since, entity, 'create', [record.id]);
          expect(JSON.parse(audit!.after_json!)).toEqual(record);
          expect(audit!.admin_id).not.toBeNull();
          expect(await s.fx.get(entity, record.id)).toEqual(record);
        });

        it('create with every writable field answers each value as sent, and GET reads the same record', async () => {
          const body = await s.fx.bodyFor(entity, 1, { full: true });
          const answer = await post<ApiRecord>(urlOf(routeOf(entity, 'create')!), body);
          expect(answer.status, answer.raw).toBe(200);
          expect(answer.body.data).toMatchObject(answeredPart(entity, body));
          expect(await s.fx.get(entity, answer.body.data.id)).toEqual(answer.body.data);
        });
      }

      if (hasRoute('get')(entity)) {
        it('GET of an unknown id answers the 404 envelope', async () => {
          const answer = await get(urlOf(routeOf(entity, 'get')!, { id: 2_000_000_000 }));
          expect(answer.status).toBe(404);
          expect(answer.body).toEqual({ code: 404, message: 'Not found', data: null, messageKey: 'not_found' });
        });
      }

      // These make their rows through create; read-only lists (auditLog) are tested in their own files.
      if (hasRoute('list')(entity) && createdByFixtures(entity)) {
        // The list cases only read: they share three records, made by the first that needs them.
        let made: Promise<ApiRecord[]> | undefined;
        const listGroup = async (n: number): Promise<ApiRecord[]> => (await (made ??= createGroup(entity, 3))).slice(0, n);

        it('list pages: pageNum/pageSize echoed, total and totalPage, a page past the end is empty', async () => {
          const group = await listGroup(3);
          const ids = group.map((r) => r.id).join(',');
          const pages: Page<ApiRecord>[] = [];
          for (const pageNum of [1, 2, 3]) {
            const answer = await get<Page<ApiRecord>>(listUrlFor(entity, group[0]!, `ids=${ids}&pageNum=${pageNum}&pageSize=2`));
            expect(answer.status, answer.raw).toBe(200);
            pages.push(answer.body.data);
          }
          expect(pages.map((p) => [p.pageNum, p.pageSize, p.total, p.totalPage, p.list.length])).toEqual([[1, 2, 3, 2, 2], [2, 2, 3, 2, 1], [3, 2, 3, 2, 0]]);
          expect(pages.flatMap((p) => p.list.map((r) => r.id)).sort()).toEqual(group.map((r) => r.id).sort());
          // List rows carry the stored fields, with the long ones left out as mall does, and the
          // names of what they reference.
          for (const row of pages[0]!.list) {
            expect(Object.keys(row).sort()).toEqual(['id', ...storedFieldNames(entity), ...nameFields(entity), ...listFilledFieldNames(entity)].sort());
            expect(row).toMatchObject(await namesOf(entity, row));
            for (const [name, decl] of Object.entries(entity.fields)) if (decl.omitInList) expect(row[name]).toBeNull();
            // A count of picks is the number of the record's rows in the relation table.
            for (const [name, decl] of Object.entries(entity.fields)) {
              const relation = decl.countOf ? entity.fields[decl.countOf]!.relation! : null;
              if (!relation) continue;
              const picks = await anyDb().selectFrom(relation.table).select((eb) => eb.fn.countAll().as('n')).where(relation.own, '=', row.id).executeTakeFirstOrThrow();
              expect(row[name], name).toBe(Number(picks.n));
            }
          }

          // Without ids: the total is every row the list shows; mall's default page size is 5.
          const where = Object.fromEntries(listPathFields(entity).map((f) => [columnOf(f, entity.fields[f]!), group[0]![f]]));
          let query = anyDb().selectFrom(entity.table).select((eb) => eb.fn.countAll().as('n'));
          for (const [column, value] of Object.entries(where)) query = query.where(column, '=', value);
          const total = Number((await query.executeTakeFirstOrThrow()).n);
          // A `plainList` entity answers mall's plain array when asked with no parameter at all; paging asks for a page.
          if (entity.plainList) {
            const plain = await get<ApiRecord[]>(listUrlFor(entity, group[0]!));
            expect(plain.body.data.map((r) => r.id)).toHaveLength(total);
          }
          const all = await get<Page<ApiRecord>>(listUrlFor(entity, group[0]!, entity.plainList ? 'pageNum=1' : ''));
          expect(all.body.data).toMatchObject({ pageNum: 1, pageSize: 5, total, totalPage: Math.ceil(total / 5) });
          expect(all.body.data.list).toHaveLength(Math.min(total, 5));
          const far = await get<Page<ApiRecord>>(listUrlFor(entity, group[0]!, 'pageNum=9999&pageSize=10'));
          expect(far.body.data).toEqual({ pageNum: 9999, pageSize: 10, total, totalPage: Math.ceil(total / 10), list: [] });
        });

        it('refuses pageSize 201 naming the field, and accepts 200', async () => {
          const [record] = await listGroup(1);
          const big = await get(listUrlFor(entity, record!, 'pageSize=201'));
          expect(big.status).toBe(400);
          expect(big.body).toMatchObject({ code: 404, messageKey: 'validation_failed',
            errors: [{ field: 'pageSize', messageKey: 'page_size_too_big', message: 'Page size must be at most 200' }] });
          expect((await get(listUrlFor(entity, record!, 'pageSize=200'))).status).toBe(200);
        });

        it('ids= (comma list or repeated) returns just those records', async () => {
          const group = await listGroup(3);
          const [a, , c] = group;
          for (const query of [`ids=${a!.id},${c!.id}`, `ids=${a!.id}&ids=${c!.id}`]) {
            const answer = await get<Page<ApiRecord>>(listUrlFor(entity, a!, `${query}&pageSize=100`));
            expect(answer.body.data.total, query).toBe(2);
            expect(answer.body.data.list.map((r) => r.id).sort()).toEqual([a!.id, c!.id].sort());
          }
        });

        for (const f of queryFilters(entity)) {
          it(`filter ${f.filter.param} (${f.filter.op} on ${f.name}) narrows the list`, async () => {
            const [a, b] = await listGroup(2);
            expect(a![f.name], 'the two records differ in the filtered field').not.toEqual(b![f.name]);
            const { query, matches } = filterCase(f, a!);
            expect(matches(b!), 'the second record must not match').toBe(false);
            const both = await get<Page<ApiRecord>>(listUrlFor(entity, a!, `ids=${a!.id},${b!.id}&${f.filter.param}=${encodeURIComponent(query)}`));
            expect(both.status, both.raw).toBe(200);
            expect(both.body.data.list.map((r) => r.id)).toEqual([a!.id]);
            const page = await get<Page<ApiRecord>>(listUrlFor(entity, a!, `pageSize=200&${f.filter.param}=${encodeURIComponent(query)}`));
            expect(page.body.data.list.length).toBeGreaterThan(0);
            for (const row of page.body.data.list) expect(matches(row), JSON.stringify(row)).toBe(true);
          });
        }

        if (entity.search) {
          const search = entity.search;
          it(`search ${search.param} (in ${search.fields.join(', ')}) narrows the list`, async () => {
            const [a, b] = await listGroup(2);
            const query = String(a![search.fields[0]!]).slice(1).toLowerCase();
            const matches = (row: ApiRecord) => search.fields.some((f) => String(row[f] ?? '').toLowerCase().includes(query));
            expect(matches(b!)).toBe(false);
            const both = await get<Page<ApiRecord>>(listUrlFor(entity, a!, `ids=${a!.id},${b!.id}&${search.param}=${encodeURIComponent(query)}`));
            expect(both.body.data.list.map((r) => r.id)).toEqual([a!.id]);
            const page = await get<Page<ApiRecord>>(listUrlFor(entity, a!, `pageSize=200&${search.param}=${encodeURIComponent(query)}`));
            expect(page.body.data.list.length).toBeGreaterThan(0);
            for (const row of page.body.data.list) expect(matches(row)).toBe(true);
          });
        }

        it(`without sort, the list follows the declared order (${entity.defaultSort ? `${entity.defaultSort.field} ${entity.defaultSort.order}` : 'id desc'})`, async () => {
          const group = await listGroup(3);
          const answer = await get<Page<ApiRecord>>(listUrlFor(entity, group[0]!, 'pageSize=200'));
          const { field, order } = entity.defaultSort ?? { field: 'id', order: 'DESC' };
          expectOrdered(answer.body.data.list, field, order === 'ASC' ? 'asc' : 'desc');
        });

        for (const field of sortableFields(entity)) {
          it(`sort=${field} with order asc and desc orders the list`, async () => {
            const group = await listGroup(3);
            const ids = group.map((r) => r.id).join(',');
            for (const order of ['asc', 'desc'] as const) {
              const mine = await get<Page<ApiRecord>>(listUrlFor(entity, group[0]!, `ids=${ids}&sort=${field}&order=${order}`));
              expect(mine.status, mine.raw).toBe(200);
              expect(mine.body.data.list).toHaveLength(3);
              expectOrdered(mine.body.data.list, field, order);
              const page = await get<Page<ApiRecord>>(listUrlFor(entity, group[0]!, `pageSize=200&sort=${field}&order=${order.toUpperCase()}`));
              expectOrdered(page.body.data.list, field, order);
            }
          });
        }

        const unsortable = Object.keys(entity.fields).find((name) => !entity.fields[name]!.sortable);
        if (unsortable) {
          it(`refuses sort on a field that is not sortable (${unsortable}) and a bad order`, async () => {
            const [record] = await listGroup(1);
            for (const query of [`sort=${unsortable}`, 'sort=nope', 'sort=id&order=sideways']) {
              const answer = await get(listUrlFor(entity, record!, query));
              expect(answer.status, query).toBe(400);
              expect(answer.body.errors?.map((e) => e.field), query).toEqual([query.includes('order') ? 'order' : 'sort']);
            }
          });
        }
      }

      if (hasRoute('update')(entity)) {
        it('update is selective: each field sent alone changes only that field, answers 1 and writes one audit row', async () => {
          const id = await s.fx.anyRecordId(entity);
          let tried = 0;
          for (const [name, decl] of updatableFields(entity)) {
            const before = await s.fx.get(entity, id);
            const value = await s.fx.otherValue(entity, name, decl, before[name], before);
            if (value === null) continue;
            tried += 1;
            const since = await lastAuditId(s.db);
            const answer = await post(urlOf(routeOf(entity, 'update')!, { id }), { [name]: value });
            expect(answer.status, `${name}: ${answer.raw}`).toBe(200);
            expect(answer.body).toEqual({ code: 200, message: 'Operation succeeded', data: 1 });
            const after = await s.fx.get(entity, id);
            // A changed reference names its new record.
            const renamed = nameFieldOf(entity, name) ? await namesOf(entity, { ...before, [name]: value }) : {};
            // A value derived from it is worked out again (a coupon's remaining count from its total).
            const rederived: Record<string, unknown> = {};
            for (const [field, d] of Object.entries(entity.fields)) {
              if (!d.derived?.from.includes(name)) continue;
              const derive = collectHooks(AREAS, { config: s.t.config })[entity.name]!.derive![field]!;
              const ctx = { trx: s.db, entity, input: { [name]: value }, before, actor: { adminId: null, ip: null, scope: 'all' as never } };
              rederived[field] = (await derive({ ...ctx, record: { ...before, [name]: value } })) ?? before[field];
            }
            // A reference that shares this field's value (`sameAs`) is cleared when the value moves away (a product's template, to another shop).
            const cleared: Record<string, unknown> = {};
            for (const [field, d] of Object.entries(entity.fields)) {
              if (d.kind !== 'reference' || d.sameAs !== name || before[field] === null || before[field] === undefined) continue;
              cleared[field] = null;
              const shown = nameFieldOf(entity, field);
              if (shown) cleared[shown] = null;
            }
            expect(after, name).toEqual({ ...before, [name]: answeredValue(decl, value), ...renamed, ...rederived, ...cleared });
            const [audit] = await expectAudit(since, entity, 'update', [id]);
            expect(JSON.parse(audit!.before_json!)).toEqual(before);
            expect(JSON.parse(audit!.after_json!)).toEqual(after);
          }
          expect(tried).toBeGreaterThan(0);
        });

        it('update of an unknown id answers 404 and writes nothing', async () => {
          const since = await lastAuditId(s.db);
          const [name, decl] = updatableFields(entity)[0]!;
          const value = await s.fx.otherValue(entity, name, decl, null) ?? decl.default;
          const answer = await post(urlOf(routeOf(entity, 'update')!, { id: 2_000_000_000 }), { [name]: value });
          expect(answer.status).toBe(404);
          expect(answer.body).toMatchObject({ code: 404, messageKey: 'not_found', data: null });
          expect(await lastAuditId(s.db)).toBe(since);
        });

        it('an update with nothing to change answers 1 and writes no audit row', async () => {
          const id = await s.fx.anyRecordId(entity);
          const before = await s.fx.get(entity, id);
          const since = await lastAuditId(s.db);
          const answer = await post(urlOf(routeOf(entity, 'update')!, { id }), {});
          expect(answer.body).toEqual({ code: 200, message: 'Operation succeeded', data: 1 });
          expect(await s.fx.get(entity, id)).toEqual(before);
          expect(await lastAuditId(s.db)).toBe(since);
        });
      }

      if (hasRoute('delete')(entity)) {
        it('POST delete/{id} removes the record, answers 1 and writes one audit row; again answers 404', async () => {
          const record = await s.fx.create(entity);
          const since = await lastAuditId(s.db);
          const url = urlOf(routeOf(entity, 'delete')!, { id: record.id });
          expect((await post(url)).body).toEqual({ code: 200, message: 'Operation succeeded', data: 1 });
          // With a recycle bin, delete moves the record there (engine-recycle-bin.test.ts tests the bin).
          const [audit] = await expectAudit(since, entity, recycleBinOf(entity) ? 'recycle' : 'delete', [record.id]);
          if (!recycleBinOf(entity)) expect(JSON.parse(audit!.before_json!)).toMatchObject({ id: record.id });
          expect((await get(urlOf(routeOf(entity, 'get')!, { id: record.id }))).status).toBe(404);
          const again = await post(url);
          expect(again.status).toBe(404);
          expect(again.body.messageKey).toBe('not_found');
          expect(await lastAuditId(s.db)).toBe(since + 1);
        });
      }

      // Records come from the create route (entities without one, like orders, are tested by their area's test).
      if (hasRoute('batchDelete')(entity) && createdByFixtures(entity)) {
        const url = urlOf(routeOf(entity, 'batchDelete')!);
        const styles = [
          { name: 'ids=a,b in the query', send: (ids: number[]) => post(`${url}?ids=${ids.join(',')}`) },
          { name: 'repeated ids in the query', send: (ids: number[]) => post(`${url}?${ids.map((id) => `ids=${id}`).join('&')}`) },
          { name: 'a form-encoded body', send: (ids: number[]) => post(url, `ids=${ids.join('%2C')}`, FORM) },
        ];
        for (const style of styles) {
          it(`batch delete with ${style.name} deletes them, answers the count and audits each`, async () => {
            const a = await s.fx.create(entity);
            const b = await s.fx.create(entity);
            const since = await lastAuditId(s.db);
            // An id that does not exist is not counted.
            const answer = await style.send([a.id, b.id, 2_000_000_000]);
            expect(answer.body, answer.raw).toEqual({ code: 200, message: 'Operation succeeded', data: 2 });
            await expectAudit(since, entity, recycleBinOf(entity) ? 'recycle' : 'delete', [a.id, b.id]);
            for (const id of [a.id, b.id]) expect((await get(urlOf(routeOf(entity, 'get')!, { id }))).status).toBe(404);
          });
        }
        it('batch delete of ids that do not exist answers 404 and writes nothing', async () => {
          const since = await lastAuditId(s.db);
          const answer = await post(`${url}?ids=2000000000,2000000001`);
          expect(answer.status).toBe(404);
          expect(answer.body.messageKey).toBe('not_found');
          expect(await lastAuditId(s.db)).toBe(since);
        });
      }

      for (const batch of entity.batch ?? []) {
        if (batch.kind !== 'set' || !batch.path.includes('{id}') || recycleBinOf(entity)?.field === batch.field) continue;
        // A single-id path (mall's `/role/updateStatus/{id}?status=0`): the id in the path, the value in the query or form.
        const param = batch.param ?? batch.field;
        const styles = [
          { name: 'the value in the query', send: (url: string, v: unknown) => post(`${url}?${param}=${v}`) },
          { name: 'a form-encoded body', send: (url: string, v: unknown) => post(url, `${param}=${v}`, FORM) },
        ];
        for (const style of styles) {
          it(`set ${batch.field} (${batch.path}) with ${style.name} changes only that field of that record, answers 1, audits it`, async () => {
            const [a, b] = [await s.fx.create(entity, 0), await s.fx.create(entity, 0)];
            const value = await s.fx.otherValue(entity, batch.field, entity.fields[batch.field]!, a![batch.field]);
            expect(value).not.toBeNull();
            const since = await lastAuditId(s.db);
            const answer = await style.send(urlOf(routeOf(entity, `batchSet:${batch.field}`)!, { id: a!.id }), value);
            expect(answer.body, answer.raw).toEqual({ code: 200, message: 'Operation succeeded', data: 1 });
            expect(await s.fx.get(entity, a!.id)).toEqual({ ...a, [batch.field]: value });
            expect(await s.fx.get(entity, b!.id)).toEqual(b);
            const rows = await expectAudit(since, entity, `set_${batch.field}`, [a!.id]);
            expect(JSON.parse(rows[0]!.after_json!)).toEqual({ [batch.field]: value });
          });
        }
      }

      for (const batch of entity.batch ?? []) {
        // The recycle bin's flag set by a batch recycles and restores (engine-recycle-bin.test.ts).
        if (batch.kind !== 'set' || batch.path.includes('{id}') || recycleBinOf(entity)?.field === batch.field) continue;
        const route = urlOf(routeOf(entity, `batchSet:${batch.field}`)!);
        const param = batch.param ?? batch.field;
        const styles = [
          { name: 'ids=a,b in the query', send: (ids: number[], v: unknown) => post(`${route}?ids=${ids.join(',')}&${param}=${v}`) },
          { name: 'repeated ids in the query', send: (ids: number[], v: unknown) => post(`${route}?${ids.map((id) => `ids=${id}`).join('&')}&${param}=${v}`) },
          { name: 'a form-encoded body', send: (ids: number[], v: unknown) => post(route, `ids=${ids.join('%2C')}&${param}=${v}`, FORM) },
        ];
        for (const style of styles) {
          it(`batch set ${batch.field} (${batch.path}) with ${style.name} changes only that field, answers the count, audits each`, async () => {
            const [a, b] = [await s.fx.create(entity, 0), await s.fx.create(entity, 0)];
            const decl = entity.fields[batch.field]!;
            const value = await s.fx.otherValue(entity, batch.field, decl, a![batch.field]);
            expect(value).not.toBeNull();
            const since = await lastAuditId(s.db);
            const answer = await style.send([a!.id, b!.id], value);
            expect(answer.body, answer.raw).toEqual({ code: 200, message: 'Operation succeeded', data: 2 });
            for (const record of [a!, b!]) expect(await s.fx.get(entity, record.id)).toEqual({ ...record, [batch.field]: value });
            const rows = await expectAudit(since, entity, `set_${batch.field}`, [a!.id, b!.id]);
            expect(JSON.parse(rows[0]!.after_json!)).toEqual({ [batch.field]: value });
          });
        }
      }
    });
  }

});
