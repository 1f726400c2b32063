/**
 * The one data-access layer of declared entities. Every query goes through `scoped`, so tenant
 * scope applies to reads, writes, batches and counts alike; every write runs in one transaction
 * with its audit row; validation comes from the declaration (src/schema/validation.ts).
 * Its parts: which rows a query sees (./scope-where.ts), the list reads (./list-read.ts, their SQL
 * conditions in ./conditions.ts) and the checks a write makes in its transaction (./write-checks.ts).
 */
import type { Kysely } from 'kysely';
import type { FieldError } from '../../src/schema/api';
import { fieldError } from '../../src/schema/api';
import type { Entity } from '../../src/schema/engine/entity';
import { columnOf, DEFAULT_MAX_ROWS } from '../../src/schema/engine/entity';
import { createSchema, fieldSchema, refineErrors, unsafeTextErrors, updateSchema, validate } from '../../src/schema/validation';
import { audit } from '../db/audit';
import { dialectOf } from '../db/index';
import type { Database } from '../db/schema';
import type { HttpError } from '../http/errors';
import { isHttpError, notFound, validationFailed } from '../http/errors';
import type { AnyDb, EntityHooks, ValidateContext, WriteContext } from './hooks';
import { areaDb } from './hooks';
import type { ApiRecord, Row } from './row';
import { autoStamps, fromRow, toColumnValue, toRow } from './row';
import type { Scope } from './scope';
import { withShop } from './scope';
import { sanitizeFieldValues } from './kinds';
import { treeRules } from './tree';
import { referenceNames } from './reference-names';
import type { RecycleBin } from '../../src/schema/engine/recycleBin';
import { IN_BIN, LIVE, recycleBinOf } from '../../src/schema/engine/recycleBin';
import { uniqueRules } from './unique';
import { ownedLists } from './lists';
import type { AnyEb, AnyKysely } from '../db/index';
import type { Secrets } from './secrets';
import { sealSecrets } from './secrets';
import { checkDerivedFields, deriveValues, derivedFields } from './derived';
import type { DeleteWithin } from './owns';
import { refuseOwned, removeOwned } from './owns';
import type { View } from './scope-where';
import { scopeWhere, tenantFieldOf } from './scope-where';
import { inScope } from './scope';
import { READ_ONLY_KEY } from '../../src/schema/engine/readOnlyRows';
import { listReads } from './list-read';
import { writeChecks } from './write-checks';
import type { Actor, BeforeCreate, Repository } from './repository-types';

export type { View } from './scope-where';
export { ownerColumnOf, scopeWhere } from './scope-where';
export { autoStamps } from './row';
export type { Actor, BeforeCreate, ListAnswer, Repository } from './repository-types';

type Eb = AnyEb;

const fieldErrors = (errors: FieldError[]) => validationFailed(errors);

/** A refusal of one row of a `createMany` body, its field errors named by the row (`1.brandId`). */
const atRow = (index: number, error: HttpError): HttpError => Object.assign(new Error(error.message), {
  problem: { ...error.problem, errors: error.problem.errors?.map((e) => ({ ...e, field: `${index}.${e.field}` })) },
});

type RepositoryDeps = {
  db: Kysely<Database>;
  /** Every declared entity, to check references and name them. */
  entities: readonly Entity[];
  /** Entities an area's own routes serve that declared ones may reference (ServerArea.referenceTargets). */
  targets?: readonly Entity[];
  hooks?: EntityHooks;
  beforeCreate?: BeforeCreate;
  /** How secret fields are sealed (needed when the entity declares any: ./secrets.ts). */
  secrets?: Secrets;
  /** Another entity's delete inside a transaction, for `owns` with the `rules` policy (./owns.ts). */
  deleteOf?: (entity: string) => DeleteWithin | undefined;
};

export const createRepository = (entity: Entity, deps: RepositoryDeps): Repository => {
  const db = deps.db as unknown as AnyKysely;
  const hooks = deps.hooks ?? {};
  checkDerivedFields(entity, deps.hooks);
  // A filter on a virtual field has no column: the area's hook must write its condition.
  for (const [name, decl] of Object.entries(entity.fields)) {
    if (decl.virtual && decl.filter && !decl.nameOf && !hooks.filterWhere?.[name]) {
      throw new Error(`${entity.name}.${name}: a virtual field's filter needs the area's filterWhere hook`);
    }
  }
  const derives = derivedFields(entity).length > 0;
  const tree = treeRules(entity);
  const uniques = uniqueRules(entity);
  const table = entity.table;
  const createBody = createSchema(entity);
  const sqlite = dialectOf(db) === 'sqlite';
  const updateBody = updateSchema(entity);

  const bin = recycleBinOf(entity);
  const scoped = (eb: Eb, scope: Scope, view: View = 'live') => scopeWhere(entity, eb, scope, view);
  const tenantField = tenantFieldOf(entity);
  // Rows a seller reads beyond its shops (the area's `readableBeyondScope`): lists and a record's
  // detail only; every write reads through `scoped`, so such a row is "not found" to it.
  const readsBeyond = (scope: Scope): boolean => Boolean(hooks.readableBeyondScope) && Boolean(entity.tenant) && scope.kind === 'shops';
  const readScoped = (eb: Eb, scope: Scope, view: View = 'live') => (readsBeyond(scope)
    ? scopeWhere(entity, eb, scope, view, (e, shopIds) => hooks.readableBeyondScope!(e, shopIds))
    : scoped(eb, scope, view));
  /** Records read beyond the caller's shops, marked read-only (src/schema/engine/readOnlyRows.ts). */
  const marked = <R extends ApiRecord>(records: R[], scope: Scope): R[] => (readsBeyond(scope) && tenantField
    ? records.map((record) => (inScope(scope, record[tenantField]) ? record : { ...record, [READ_ONLY_KEY]: true }))
    : records);
  const known = [...deps.entities, ...(deps.targets ?? [])];
  const names = referenceNames(entity, known);
  /** Every column of the table's rows and the names of what they reference, in one statement. */
  const rowsOf = (executor: AnyDb) => executor.selectFrom(table).selectAll(table)
    .$if(!names.none, (query) => query.select((eb: Eb) => names.select(eb, table)));
  /** The name columns for the hand-written statement of a cached page (its table read as `t`). */
  const pageNames = names.none ? '' : names.sqlText('t');
  /** Records as every read answers them: with the names of what they reference. */
  const recordsOf = (rows: Row[], options: { list?: boolean } = {}): ApiRecord[] =>
    names.fill(rows.map((row) => fromRow(entity, row, options)), rows);
  const lists = ownedLists(entity, { entities: deps.entities, scopeWhere, tenantField });
  const reads = listReads({ entity, db, sqlite, hooks, lists, names, rowsOf, pageNames, recordsOf, scoped: readScoped, kept: (scope) => !readsBeyond(scope) });
  const list: Repository['list'] = async (params, scope) => {
    const page = await reads.list(params, scope);
    return { ...page, list: marked(page.list, scope) };
  };
  const listAll: Repository['listAll'] = async (params, scope) => marked(await reads.listAll(params, scope), scope);
  const { checkConstraints, checkSameAs, defaultsFor, constraintOr } = writeChecks(entity, known, tenantField);

  /** `read`: a read that may answer rows beyond the scope (a record's detail), never a write's. */
  const readMany = async (executor: AnyDb, ids: readonly number[], scope: Scope, view: View = 'live', read = false): Promise<ApiRecord[]> => {
    if (!ids.length) return [];
    const where = read ? readScoped : scoped;
    const rows = await rowsOf(executor)
      .where((eb: Eb) => eb.and([eb('id', 'in', [...ids]), where(eb, scope, view)])).execute();
    return recordsOf(rows);
  };

  /**
   * The records a write decides on, locked for the rest of its transaction (PostgreSQL `FOR UPDATE`
   * in id order, the order every path takes; SQLite has one writer). A row another transaction
   * deleted or moved meanwhile is read again after its lock and drops out when it no longer
   * matches: two deletes, or a restore and a purge, of one record cannot both act on it.
   */
  const lockMany = async (trx: AnyDb, ids: readonly number[], scope: Scope, view: View = 'live'): Promise<ApiRecord[]> => {
    if (!ids.length) return [];
    const query = rowsOf(trx).where((eb: Eb) => eb.and([eb(`${table}.id`, 'in', [...ids]), scoped(eb, scope, view)])).orderBy(`${table}.id`);
    const rows = await (sqlite ? query : query.forUpdate(table)).execute();
    return recordsOf(rows);
  };

  const readOne = async (executor: AnyDb, id: number, scope: Scope, read = false): Promise<ApiRecord> => {
    const [found] = await readMany(executor, [id], scope, 'live', read);
    if (!found) throw notFound();
    const record = lists ? (await lists.attach(executor, [found]))[0]! : found;
    return hooks.afterGet ? hooks.afterGet(areaDb(executor), record) : record;
  };

  /** The area's `validate` rules, inside the write's transaction: any error refuses the write. */
  const lock: ValidateContext['lock'] = (query) => (sqlite ? query : query.forUpdate() as typeof query);
  const runValidate = async (ctx: WriteContext, record: Record<string, unknown>): Promise<void> => {
    if (!hooks.validate) return;
    const errors = await hooks.validate({ ...ctx, record, lock });
    if (errors.length) {
      throw fieldErrors(errors.map(({ field, messageKey, params }) => fieldError(field, messageKey, params && { ...params })));
    }
  };

  const stamps = (write: 'create' | 'update'): Row => autoStamps(entity, write);

  const get: Repository['get'] = async (id, scope) => marked([await readOne(db, id, scope, true)], scope)[0]!;

  /** A create body checked before any transaction: the values to insert and their sealed secrets. */
  const prepareCreate = async (body: unknown, actor: Actor) => {
    const parsed = validate(createBody, body, entity);
    if (!parsed.ok) throw fieldErrors(parsed.errors);
    const nul = unsafeTextErrors(parsed.value as Record<string, unknown>);
    if (nul.length) throw fieldErrors(nul);
    // Secrets sealed (a password hashed) before the transaction; `values` keeps the plain ones for `validate`.
    const { input: sent, columns: sealed } = await sealSecrets(entity, parsed.value as Record<string, unknown>, deps.secrets);
    const values = defaultsFor(sanitizeFieldValues(entity, sent));
    // The owning account is whoever creates the record (server-managed: never from the body).
    if (entity.owner) values[entity.owner] = actor.adminId;
    const refined = refineErrors(entity, values);
    if (refined.length) throw fieldErrors(refined);
    return { values, sealed };
  };

  /** One prepared record inserted inside the caller's transaction, with its checks, lists, hooks and audit row. */
  const insertWithin = async (trx: AnyDb, values: Record<string, unknown>, sealed: Row, actor: Actor): Promise<ApiRecord> => {
    await checkConstraints(trx, values, values, null, actor.scope);
    if (lists) await lists.check(trx, values, actor.scope);
    if (deps.beforeCreate) await deps.beforeCreate(trx, entity, values, actor);
    await checkSameAs(trx, values, values);
    const ctx: WriteContext = { trx: areaDb(trx), entity, input: values, before: null, actor };
    await runValidate(ctx, values);
    if (derives) Object.assign(values, await deriveValues(entity, hooks, ctx, values));
    let row: Row = { ...toRow(entity, values), ...sealed, ...stamps('create'), ...(bin ? { [bin.column]: LIVE } : {}) };
    if (hooks.beforeWrite) row = await hooks.beforeWrite(ctx, row);
    if (tree) row = await tree.beforeWrite(trx, values, null, row);
    const inserted = await trx.insertInto(table).values(row).returning('id').executeTakeFirstOrThrow();
    const id = Number((inserted as { id: unknown }).id);
    // A row that is its own tenant (a shop) is inside the scope of whoever just made it.
    const scope = entity.tenant === 'id' ? withShop(actor.scope, id) : actor.scope;
    let record = (await readMany(trx, [id], scope))[0];
    if (!record) throw notFound();
    if (uniques) await uniques.check(trx, [record]);
    if (lists) {
      await lists.write(trx, record, values);
      record = names.recount((await lists.attach(trx, [record]))[0]!);
    }
    const note = hooks.afterWrite ? await hooks.afterWrite(ctx, record) : undefined;
    if (hooks.afterGet) record = await hooks.afterGet(areaDb(trx), record);
    await audit(trx as never, { adminId: actor.adminId, action: 'create', entity: table, entityId: id, after: { ...record, ...note?.audit }, ip: actor.ip });
    return record;
  };

  const create: Repository['create'] = async (body, actor) => {
    const { values, sealed } = await prepareCreate(body, actor);
    try {
      return await db.transaction().execute((trx) => insertWithin(trx, values, sealed, actor));
    } catch (error) {
      throw constraintOr(error);
    }
  };

  const createMany: Repository['createMany'] = async (bodies, actor) => {
    if (!Array.isArray(bodies)) throw fieldErrors([fieldError('_', 'invalid_type')]);
    if (!bodies.length) throw fieldErrors([fieldError('_', 'select_record')]);
    if (bodies.length > DEFAULT_MAX_ROWS) throw fieldErrors([fieldError('_', 'too_many_rows', { max: DEFAULT_MAX_ROWS })]);
    // Every row checked before anything is written; all their errors answered at once, named by row.
    const prepared: Awaited<ReturnType<typeof prepareCreate>>[] = [];
    const errors: FieldError[] = [];
    for (const [index, body] of bodies.entries()) {
      try {
        prepared.push(await prepareCreate(body, actor));
      } catch (error) {
        if (!isHttpError(error) || !error.problem.errors) throw error;
        errors.push(...atRow(index, error).problem.errors!);
      }
    }
    if (errors.length) throw fieldErrors(errors);
    let index = 0;
    try {
      return await db.transaction().execute(async (trx) => {
        for (; index < prepared.length; index += 1) await insertWithin(trx, prepared[index]!.values, prepared[index]!.sealed, actor);
        return prepared.length;
      });
    } catch (error) {
      // A refusal inside names the row it came from (`1.brandId`); a clash the index caught, too.
      const refused = constraintOr(error);
      throw isHttpError(refused) && refused.problem.errors ? atRow(index, refused) : refused;
    }
  };

  const update: Repository['update'] = async (id, body, actor) => {
    const parsed = validate(updateBody, body, entity);
    if (!parsed.ok) throw fieldErrors(parsed.errors);
    const nul = unsafeTextErrors(parsed.value as Record<string, unknown>);
    if (nul.length) throw fieldErrors(nul);
    // An empty secret keeps the stored one (it leaves `input`); a new one is sealed before the transaction.
    const { input: sent, columns: sealed } = await sealSecrets(entity, parsed.value as Record<string, unknown>, deps.secrets);
    const input = sanitizeFieldValues(entity, sent);
    if (Object.keys(input).length === 0) {
      // Nothing sent, nothing changes: still 404 for a missing record, but no audit row claiming
      // an update that did not happen (mall would even fail here with an empty SET).
      await readOne(db, id, actor.scope);
      return 1;
    }
    try {
      return await db.transaction().execute(async (trx) => {
        // The row is locked before it is read (PostgreSQL): the rules below decide on what stays true until commit.
        if (!sqlite) await trx.selectFrom(table).select('id').where('id', '=', id).forUpdate().execute();
        const before = await readOne(trx, id, actor.scope);
        const merged = { ...before, ...input };
        const refined = refineErrors(entity, merged);
        if (refined.length) throw fieldErrors(refined);
        await checkConstraints(trx, input, merged, id, actor.scope);
        await checkSameAs(trx, input, merged);
        if (lists) await lists.check(trx, input, actor.scope);
        const ctx: WriteContext = { trx: areaDb(trx), entity, input, before, actor };
        await runValidate(ctx, merged);
        if (derives) Object.assign(input, await deriveValues(entity, hooks, ctx, merged));
        let row = { ...toRow(entity, input), ...sealed, ...stamps('update') };
        if (hooks.beforeWrite) row = await hooks.beforeWrite(ctx, row);
        if (tree) row = await tree.beforeWrite(trx, input, before, row);
        if (Object.keys(row).length) {
          await trx.updateTable(table).set(row).where((eb: Eb) => eb.and([eb('id', '=', id), scoped(eb, actor.scope)])).execute();
        }
        if (lists) await lists.write(trx, merged as ApiRecord, input);
        let after = await readOne(trx, id, actor.scope);
        if (tree) await tree.afterWrite(trx, before, after);
        if (uniques) await uniques.check(trx, [after]);
        let note: Awaited<ReturnType<NonNullable<EntityHooks['afterWrite']>>> = undefined;
        if (hooks.afterWrite) {
          note = await hooks.afterWrite(ctx, after);
          after = await readOne(trx, id, actor.scope);
        }
        await audit(trx as never, { adminId: actor.adminId, action: 'update', entity: table, entityId: id, before, after: { ...after, ...note?.audit }, ip: actor.ip });
        return 1;
      });
    } catch (error) {
      throw constraintOr(error);
    }
  };

  /**
   * Deletes rows for good (live ones, or with a recycle bin the bin's: `purge`) inside a transaction:
   * the records locked, what they own handled by its declared rule (./owns.ts), then deleted; the
   * audit rows are written for the rows the delete removed, and none removed is 404.
   */
  const deleteIn = async (trx: AnyDb, ids: readonly number[], actor: Actor, view: View, action: 'delete' | 'purge'): Promise<number> => {
    const records = await lockMany(trx, ids, actor.scope, view);
    if (!records.length) throw notFound();
    const found = records.map((r) => r.id);
    if (entity.owns) await refuseOwned(trx, entity.owns, found);
    if (hooks.beforeDelete) await hooks.beforeDelete(areaDb(trx), entity, records, actor);
    if (tree) await tree.beforeDelete(trx, records);
    if (entity.owns) await removeOwned(trx, entity.owns, found, actor, (name) => deps.deleteOf?.(name));
    // The audit row keeps what goes with the record (its child rows and picks).
    const deleted = lists ? await lists.attach(trx, records) : records;
    if (lists) await lists.removeFor(trx, found);
    const removed = new Set((await trx.deleteFrom(table).where((eb: Eb) => eb.and([eb('id', 'in', found), scoped(eb, actor.scope, view)]))
      .returning('id').execute()).map((row: { id: unknown }) => Number(row.id)));
    if (!removed.size) throw notFound();
    for (const record of deleted.filter((r) => removed.has(r.id))) {
      await audit(trx as never, { adminId: actor.adminId, action, entity: table, entityId: record.id, before: record, ip: actor.ip });
    }
    return removed.size;
  };

  const deleteRows = async (ids: readonly number[], actor: Actor, view: View, action: 'delete' | 'purge') => {
    if (!ids.length) throw validationFailed([fieldError('ids', 'select_record')]);
    return db.transaction().execute((trx) => deleteIn(trx, ids, actor, view, action)).catch((error: unknown) => { throw constraintOr(error); });
  };

  const deleteWithin: Repository['deleteWithin'] = (trx, ids, actor) => deleteIn(trx, ids, actor as Actor, 'any', 'delete');

  /**
   * Moves records into the recycle bin (delete) or out of it (restore): a write of the bin's flag,
   * so the area's `beforeSetField` hook sees it as one; a restored record meets the `validate`
   * rules and unique combinations again. Records with children stay out of the bin, as from a delete.
   */
  const moveBin = async (recycleBin: RecycleBin, ids: readonly number[], actor: Actor, to: View, action: 'recycle' | 'restore') => {
    if (!ids.length) throw validationFailed([fieldError('ids', 'select_record')]);
    const field = recycleBin.field;
    const value = to === 'bin' ? IN_BIN : LIVE;
    const from: View = to === 'bin' ? 'live' : 'bin';
    return db.transaction().execute(async (trx) => {
      const records = await lockMany(trx, ids, actor.scope, from);
      if (!records.length) throw notFound();
      if (to === 'bin' && tree) await tree.beforeDelete(trx, records);
      if (hooks.beforeSetField) await hooks.beforeSetField({ trx: areaDb(trx), entity, records, field, value, actor });
      const after = records.map((record) => ({ ...record, [field]: value }));
      if (to === 'live') {
        for (const [i, record] of records.entries()) await runValidate({ trx: areaDb(trx), entity, input: { [field]: value }, before: record, actor }, after[i]!);
      }
      const found = records.map((r) => r.id);
      const moved = await trx.updateTable(table).set({ [recycleBin.column]: value, ...stamps('update') })
        .where((eb: Eb) => eb.and([eb('id', 'in', found), scoped(eb, actor.scope, from)])).executeTakeFirst();
      // The rows are locked: what was read is what moves (a mismatch would be a lock that failed).
      if (Number(moved.numUpdatedRows) !== found.length) throw new Error(`${table}: ${found.length} records locked, ${moved.numUpdatedRows} moved`);
      if (to === 'live' && uniques) await uniques.check(trx, after);
      for (const record of records) {
        await audit(trx as never, {
          adminId: actor.adminId, action, entity: table, entityId: record.id, before: { [field]: record[field] }, after: { [field]: value }, ip: actor.ip,
        });
      }
      return records.length;
    }).catch((error: unknown) => { throw constraintOr(error); });
  };

  const remove: Repository['remove'] = (ids, actor) =>
    (bin ? moveBin(bin, ids, actor, 'bin', 'recycle') : deleteRows(ids, actor, 'live', 'delete'));

  // Without a recycle bin nothing is in it: no id names a record there.
  const restore: Repository['restore'] = async (ids, actor) => {
    if (!bin) throw notFound();
    return moveBin(bin, ids, actor, 'live', 'restore');
  };

  const purge: Repository['purge'] = async (ids, actor) => {
    if (!bin) throw notFound();
    return deleteRows(ids, actor, 'bin', 'purge');
  };

  const setField: Repository['setField'] = async (ids, field, value, actor) => {
    const decl = entity.fields[field];
    // A secret is written through update only, where it is sealed.
    if (!decl || decl.kind === 'secret') throw validationFailed([fieldError(field, 'unknown_field')]);
    if (!ids.length) throw validationFailed([fieldError('ids', 'select_record')]);
    const parsed = validate(fieldSchema(decl), value);
    if (!parsed.ok) throw validationFailed(parsed.errors.map((e) => ({ ...e, field })));
    if (unsafeTextErrors({ [field]: parsed.value }).length) throw validationFailed(unsafeTextErrors({ [field]: parsed.value }));
    return db.transaction().execute(async (trx) => {
      const records = await lockMany(trx, ids, actor.scope);
      if (!records.length) throw notFound();
      if (hooks.beforeSetField) await hooks.beforeSetField({ trx: areaDb(trx), entity, records, field, value: parsed.value, actor });
      for (const record of records) {
        await runValidate({ trx: areaDb(trx), entity, input: { [field]: parsed.value }, before: record, actor }, { ...record, [field]: parsed.value });
      }
      const found = records.map((r) => r.id);
      await trx.updateTable(table).set({ [columnOf(field, decl)]: toColumnValue(decl, parsed.value), ...stamps('update') })
        .where((eb: Eb) => eb.and([eb('id', 'in', found), scoped(eb, actor.scope)])).execute();
      if (uniques) await uniques.check(trx, records.map((record) => ({ ...record, [field]: parsed.value })));
      for (const record of records) {
        await audit(trx as never, {
          adminId: actor.adminId, action: `set_${field}`, entity: table, entityId: record.id,
          before: { [field]: record[field] }, after: { [field]: parsed.value }, ip: actor.ip,
        });
      }
      return records.length;
    }).catch((error: unknown) => { throw constraintOr(error); });
  };

  return { entity, list, listAll, get, create, createMany, update, remove, setField, restore, purge, deleteWithin };
};
