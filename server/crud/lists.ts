/**
 * The lists a record owns outside its own row, once for every entity that declares them
 * (src/schema/engine/entity.ts): child rows (`childRows`, a child table) and many-to-many picks
 * (`references` with a `relation`, a relation table). Both are written as a whole inside the write's transaction,
 * read back on single reads (child rows also in list answers when declared `inList`), carried in
 * the audit row's before/after, and deleted with the record. Validation of their shape (kinds,
 * counts, per-row rules) is the declaration's schema (src/schema/validation.ts); what needs the
 * database (references, kept row ids, the target's condition) is checked here, every problem
 * named by its row and field (`skuStockList.2.productId`).
 */
import type { Expression, SqlBool } from 'kysely';
import type { AnyEb } from '../db/index';
import type { FieldError, MessageKey } from '../../src/schema/api';
import { fieldError } from '../../src/schema/api';
import { isMessageKey } from '../../src/schema/validation';
import type { ChildRowsDecl, Entity, FieldDecl, RelationDecl } from '../../src/schema/engine/entity';
import { childEntityOf, columnOf } from '../../src/schema/engine/entity';
import { validationFailed } from '../http/errors';
import type { AnyDb } from './hooks';
import { MAX_ID } from './ids';
import type { ApiRecord, Row } from './row';
import { fromColumnValue, fromRow, toRow } from './row';
import type { Scope } from './scope';

type Eb = AnyEb;

/** The rows of `target` inside the caller's scope (the repository's tenant rule). */
type ScopeWhere = (target: Entity, eb: Eb, scope: Scope) => Expression<SqlBool>;

type OwnedLists = {
  /** Refuses references inside child rows and reference-list ids that name nothing the caller may see. */
  readonly check: (trx: AnyDb, values: Record<string, unknown>, scope: Scope) => Promise<void>;
  /**
   * Writes the lists `values` holds for the record (its id, and its shop when shop-owned); carries
   * a changed shop down to child rows whose list was not sent.
   */
  readonly write: (trx: AnyDb, record: ApiRecord, values: Record<string, unknown>) => Promise<void>;
  /** The records with their lists (single reads), or with the `inList` ones (list answers). */
  readonly attach: (db: AnyDb, records: ApiRecord[], options?: { list?: boolean }) => Promise<ApiRecord[]>;
  /** Before records are deleted: their lists, and their places in other records' reference lists. */
  readonly removeFor: (trx: AnyDb, ids: readonly number[]) => Promise<void>;
};


type ChildList = { name: string; decl: ChildRowsDecl; rowEntity: Entity; writable: [string, FieldDecl][] };
/** A name a relation row answers beside its pick (RelationRowsDecl `names`): read from the picked row, or the row it points at. */
type RowName = { key: string; decl: FieldDecl; column: string; via: { table: string; column: string } | null };
type RelationList = { name: string; decl: RelationDecl; target: Entity; names: RowName[]; invalid: MessageKey };

const group = <T>(rows: readonly T[], keyOf: (row: T) => number): Map<number, T[]> => {
  const out = new Map<number, T[]>();
  for (const row of rows) out.set(keyOf(row), [...(out.get(keyOf(row)) ?? []), row]);
  return out;
};

/** Equality conditions on target fields (a reference list's `where`) as column conditions. */
const whereOf = (target: Entity, where: RelationDecl['where'] = {}): [string, number | string][] =>
  Object.entries(where).map(([field, value]) => {
    const decl = target.fields[field];
    if (!decl) throw new Error(`${target.name}.${field}: no such field for a reference list's condition`);
    return [columnOf(field, decl), value];
  });

export const ownedLists = (
  entity: Entity, deps: { entities: readonly Entity[]; scopeWhere: ScopeWhere; tenantField: string | null },
): OwnedLists | null => {
  const fields = Object.entries(entity.fields);
  const children: ChildList[] = fields.flatMap(([name, decl]) => {
    if (!decl.children) return [];
    if (entity.tenant && !decl.children.tenant) throw new Error(`${entity.name}.${name}: the rows of a shop-owned record need a tenant column`);
    const rowEntity = childEntityOf(entity, name);
    return [{ name, decl: decl.children, rowEntity, writable: Object.entries(decl.children.fields).filter(([, d]) => !d.serverManaged) }];
  });
  const targetOf = (name: string, decl: FieldDecl): Entity => {
    const target = deps.entities.find((e) => e.name === decl.reference?.entity);
    if (!target) throw new Error(`${entity.name}.${name}: no entity ${decl.reference?.entity} to reference`);
    return target;
  };
  /** The declared names of a reference list's rows, resolved now: a misnamed field stops the start, not a read. */
  const rowNamesOf = (name: string, target: Entity, names: Readonly<Record<string, string>> = {}): RowName[] =>
    Object.entries(names).map(([key, path]) => {
      const [first, second] = path.split('.') as [string, string | undefined];
      const stored = (owner: Entity, field: string): FieldDecl => {
        const decl = owner.fields[field];
        if (!decl || decl.virtual) throw new Error(`${entity.name}.${name}: ${owner.name}.${field} is not a stored field to name a row by`);
        return decl;
      };
      const firstDecl = stored(target, first);
      if (second === undefined) return { key, decl: firstDecl, column: columnOf(first, firstDecl), via: null };
      // Through a reference field, or the tree parent (a category's parent), to the row it points at.
      const viaEntity = firstDecl.reference ? targetOf(`${name}.${key}`, firstDecl) : target.tree?.parent === first ? target : null;
      if (!viaEntity) throw new Error(`${entity.name}.${name}: ${target.name}.${first} points at no row`);
      const decl = stored(viaEntity, second);
      return { key, decl, column: columnOf(second, decl), via: { table: viaEntity.table, column: columnOf(first, firstDecl) } };
    });
  const relations: RelationList[] = fields.flatMap(([name, decl]) => {
    if (!decl.relation || decl.kind !== 'references') return [];
    const target = targetOf(name, decl);
    return [{ name, decl: decl.relation, target, names: rowNamesOf(name, target, decl.relation.rows?.names), invalid: isMessageKey(decl.invalidMessage) ? decl.invalidMessage : 'invalid_reference' }];
  });
  // Reference lists of any entity that pick this one: a deleted record leaves them.
  const pickedBy = deps.entities.flatMap((other) => Object.values(other.fields)
    .flatMap((decl) => (decl.kind === 'references' && decl.relation && decl.reference?.entity === entity.name ? [decl.relation] : [])));
  if (!children.length && !relations.length && !pickedBy.length) return null;

  /** The ids of `target` among `ids` that the caller may see and that meet `where`. */
  const existing = async (trx: AnyDb, target: Entity, ids: readonly number[], scope: Scope, where: [string, number | string][] = []): Promise<Set<number>> => {
    const inRange = [...new Set(ids.filter((id) => id <= MAX_ID))];
    if (!inRange.length) return new Set();
    const rows = await trx.selectFrom(target.table).select('id')
      .where((eb: Eb) => eb.and([eb('id', 'in', inRange), deps.scopeWhere(target, eb, scope), ...where.map(([column, value]) => eb(column, '=', value))]))
      .execute();
    return new Set(rows.map((r: { id: unknown }) => Number(r.id)));
  };

  const check: OwnedLists['check'] = async (trx, values, scope) => {
    const errors: FieldError[] = [];
    for (const { name, decl } of children) {
      const rows = values[name];
      if (!Array.isArray(rows)) continue;
      for (const [field, child] of Object.entries(decl.fields)) {
        if (child.kind !== 'reference' || !child.reference) continue;
        const target = targetOf(`${name}.${field}`, child);
        const picked = rows.map((row: Record<string, unknown>) => row[field]);
        const found = await existing(trx, target, picked.filter((id): id is number => typeof id === 'number'), scope);
        picked.forEach((id, index) => {
          if (typeof id === 'number' && !found.has(id)) errors.push(fieldError(`${name}.${index}.${field}`, 'invalid_reference'));
        });
      }
    }
    for (const { name, decl, target, invalid } of relations) {
      const ids = values[name];
      if (!Array.isArray(ids) || !ids.length) continue;
      const found = await existing(trx, target, ids as number[], scope, whereOf(target, decl.where));
      if ((ids as number[]).some((id) => !found.has(id))) errors.push(fieldError(name, invalid));
    }
    if (errors.length) throw validationFailed(errors);
  };

  /** A row's stored values: every writable field (the declared default or null when not sent). */
  const storedRow = (list: ChildList, row: Record<string, unknown>): Row => {
    const values: Record<string, unknown> = {};
    for (const [field, decl] of list.writable) {
      const value = row[field];
      values[field] = value === undefined || value === null ? decl.default ?? null : value;
    }
    return toRow(list.rowEntity, values);
  };

  /** Server-managed values a new row starts with (their defaults); a kept row keeps its own. */
  const newRowDefaults = (list: ChildList): Row => toRow(list.rowEntity, Object.fromEntries(Object.entries(list.decl.fields)
    .filter(([, d]) => d.serverManaged).map(([field, d]) => [field, d.default ?? null])));

  const tenantOf = (record: ApiRecord): unknown =>
    (entity.tenant === 'id' ? record.id : deps.tenantField ? record[deps.tenantField] : null);

  const replaceRows = async (trx: AnyDb, list: ChildList, record: ApiRecord, rows: Record<string, unknown>[]) => {
    const { table, link, tenant } = list.decl;
    const owner: Row = { [link]: record.id, ...(tenant ? { [tenant]: tenantOf(record) } : {}) };
    const current = new Set((await trx.selectFrom(table).select('id').where(link, '=', record.id).execute())
      .map((r: { id: unknown }) => Number(r.id)));
    // A row may keep only one of this record's own rows: another record's row id names nothing here.
    const strangers = rows.flatMap((row, index) => (row.id !== undefined && row.id !== null && !current.has(Number(row.id))
      ? [fieldError(`${list.name}.${index}.id`, 'invalid_reference')] : []));
    if (strangers.length) throw validationFailed(strangers);
    const kept = new Set(rows.flatMap((row) => (row.id === undefined || row.id === null ? [] : [Number(row.id)])));
    const gone = [...current].filter((id) => !kept.has(id));
    if (gone.length) await trx.deleteFrom(table).where('id', 'in', gone).execute();
    for (const row of rows) {
      if (row.id !== undefined && row.id !== null) {
        await trx.updateTable(table).set({ ...storedRow(list, row), ...owner }).where('id', '=', Number(row.id)).execute();
      }
    }
    const added = rows.filter((row) => row.id === undefined || row.id === null)
      .map((row) => ({ ...newRowDefaults(list), ...storedRow(list, row), ...owner }));
    if (added.length) await trx.insertInto(table).values(added).execute();
  };

  const replacePicks = async (trx: AnyDb, list: RelationList, record: ApiRecord, ids: number[]) => {
    const { table, own, other } = list.decl;
    await trx.deleteFrom(table).where(own, '=', record.id).execute();
    if (ids.length) await trx.insertInto(table).values(ids.map((id) => ({ [own]: record.id, [other]: id }))).execute();
  };

  const write: OwnedLists['write'] = async (trx, record, values) => {
    for (const list of children) {
      if (Array.isArray(values[list.name])) await replaceRows(trx, list, record, values[list.name] as Record<string, unknown>[]);
      else if (list.decl.tenant && deps.tenantField && deps.tenantField in values) {
        // The record moved to another shop: its rows go with it.
        await trx.updateTable(list.decl.table).set({ [list.decl.tenant]: tenantOf(record) }).where(list.decl.link, '=', record.id).execute();
      }
    }
    for (const list of relations) {
      if (Array.isArray(values[list.name])) await replacePicks(trx, list, record, values[list.name] as number[]);
    }
  };

  const attach: OwnedLists['attach'] = async (db, records, options = {}) => {
    if (!records.length || (options.list && !children.some((c) => c.decl.inList))) return records;
    const ids = records.map((r) => r.id);
    const filled = records.map((r) => ({ ...r }));
    for (const list of children) {
      if (options.list && !list.decl.inList) continue;
      const rows = await db.selectFrom(list.decl.table).selectAll().where(list.decl.link, 'in', ids).orderBy('id').execute();
      const byOwner = group(rows as Row[], (row) => Number(row[list.decl.link]));
      for (const record of filled) record[list.name] = (byOwner.get(record.id) ?? []).map((row) => fromRow(list.rowEntity, row));
    }
    if (!options.list) {
      for (const list of relations) {
        const { table, own, other } = list.decl;
        // Joined with the target: a pick whose row is gone (deleted before this engine kept them tidy) is not answered.
        let query = db.selectFrom(`${table} as r`).innerJoin(`${list.target.table} as t`, 't.id', `r.${other}`)
          .select(['r.id as id', `r.${own} as own`, `r.${other} as other`]);
        list.names.forEach((n, index) => {
          if (n.via) query = query.leftJoin(`${n.via.table} as n${index}`, `n${index}.id`, `t.${n.via.column}`);
          query = query.select(`${n.via ? `n${index}` : 't'}.${n.column} as name${index}`);
        });
        const rows = await query.where(`r.${own}`, 'in', ids).orderBy('r.id').execute() as Row[];
        const byOwner = group(rows, (row) => Number(row.own));
        const keys = list.decl.rows;
        for (const record of filled) {
          record[list.name] = (byOwner.get(record.id) ?? []).map((row) => (keys
            ? {
              id: Number(row.id), [keys.own]: keys.ownNull ? null : Number(row.own), [keys.other]: Number(row.other),
              ...Object.fromEntries(list.names.map((n, index) => [n.key, fromColumnValue(n.decl, row[`name${index}`]) ?? null])),
            }
            : Number(row.other)));
        }
      }
    }
    return filled;
  };

  const removeFor: OwnedLists['removeFor'] = async (trx, ids) => {
    if (!ids.length) return;
    for (const { decl } of children) await trx.deleteFrom(decl.table).where(decl.link, 'in', [...ids]).execute();
    for (const { decl } of relations) await trx.deleteFrom(decl.table).where(decl.own, 'in', [...ids]).execute();
    for (const decl of pickedBy) await trx.deleteFrom(decl.table).where(decl.other, 'in', [...ids]).execute();
  };

  return { check, write, attach, removeFor };
};
