/**
 * What a record's delete does with the rows that hang on it (`owns`, src/schema/engine/entity.ts): it is
 * refused while a `restrict` table holds one, goes through the own delete of `rules` rows, and
 * takes `cascade` parts with it. The repository calls `refuseOwned` and `removeOwned` inside the
 * delete's transaction, after it locked the records (so a child written meanwhile waits for the lock, or
 * fails its foreign key once the record is gone). `ownershipProblems` compares the declarations
 * with the foreign keys the database holds: a cascade into an entity's table that nothing
 * declares, or a `restrict` table whose key cascades, is a problem (the generic test fails on it).
 */
import { sql } from 'kysely';
import type { Entity, OwnsDecl } from '../../src/schema/engine/entity';
import type { MessageKey } from '../../src/schema/api';
import type { AnyKysely } from '../db/index';
import { dialectOf } from '../db/index';
import { deleteRefused } from '../http/errors';
import type { AnyDb, HookActor } from './hooks';

export type OnDelete = 'cascade' | 'restrict' | 'no action' | 'set null' | 'set default';
export type ForeignKey = { child: string; column: string; parent: string; onDelete: OnDelete };

const PG_ACTIONS: Record<string, OnDelete> = { a: 'no action', r: 'restrict', c: 'cascade', n: 'set null', d: 'set default' };

/** Every single-column foreign key of the database's tables (the current schema on PostgreSQL). */
export const foreignKeysOf = async (db: AnyKysely): Promise<ForeignKey[]> => {
  if (dialectOf(db) === 'sqlite') {
    const { rows } = await sql<{ child: string; column: string; parent: string; on_delete: string }>`
      select m.name as child, f."from" as "column", f."table" as parent, f.on_delete
      from sqlite_master m join pragma_foreign_key_list(m.name) f
      where m.type = 'table' order by m.name, f."from"`.execute(db);
    return rows.map((r) => ({ child: r.child, column: r.column, parent: r.parent, onDelete: r.on_delete.toLowerCase() as OnDelete }));
  }
  const { rows } = await sql<{ child: string; column: string; parent: string; action: string }>`
    select cl.relname as child, att.attname as "column", pcl.relname as parent, c.confdeltype as action
    from pg_constraint c
    join pg_class cl on cl.oid = c.conrelid
    join pg_class pcl on pcl.oid = c.confrelid
    join pg_attribute att on att.attrelid = c.conrelid and att.attnum = c.conkey[1]
    where c.contype = 'f' and cl.relnamespace = current_schema()::regnamespace
    order by cl.relname, att.attname`.execute(db);
  return rows.map((r) => ({ child: r.child, column: r.column, parent: r.parent, onDelete: PG_ACTIONS[r.action] ?? 'no action' }));
};

/** The tables an entity's declaration already takes with its records: child rows and reference lists (its own and others' picks of it). */
const listTablesOf = (entity: Entity, entities: readonly Entity[]): Set<string> => {
  const own = Object.values(entity.fields).flatMap((decl) => [
    ...(decl.children ? [decl.children.table] : []), ...(decl.relation ? [decl.relation.table] : []),
  ]);
  const pickedBy = entities.flatMap((other) => Object.values(other.fields)
    .flatMap((decl) => (decl.kind === 'references' && decl.relation && decl.reference?.entity === entity.name ? [decl.relation.table] : [])));
  return new Set([...own, ...pickedBy]);
};

/**
 * Where the declarations and the database disagree: a foreign key into an entity's table that
 * cascades (or refuses) without a declaration saying so, or a `restrict` one the database would
 * cascade, or a declaration naming a key that does not exist.
 */
export const ownershipProblems = (entities: readonly Entity[], keys: readonly ForeignKey[]): string[] => {
  const problems: string[] = [];
  // Entities sharing a table (an account and its profile) share what hangs on it.
  for (const table of new Set(entities.map((e) => e.table))) {
    const sharing = entities.filter((e) => e.table === table);
    const name = sharing.map((e) => e.name).join('/');
    const lists = new Set(sharing.flatMap((e) => [...listTablesOf(e, entities)]));
    const owns = sharing.flatMap((e) => e.owns ?? []);
    for (const key of keys.filter((k) => k.parent === table)) {
      if (key.onDelete === 'set null' || key.onDelete === 'set default') continue;
      if (lists.has(key.child)) continue;
      const declared = owns.find((o) => o.table === key.child && o.column === key.column);
      if (!declared) {
        problems.push(`${key.child}.${key.column} references ${table} (on delete ${key.onDelete}) but ${name} declares no \`owns\` for it`);
      } else if (declared.policy === 'restrict' && key.onDelete === 'cascade') {
        problems.push(`${key.child}.${key.column}: ${name} restricts its delete, but the foreign key cascades (make it RESTRICT)`);
      }
    }
    for (const decl of owns) {
      if (!keys.some((k) => k.parent === table && k.child === decl.table && k.column === decl.column)) {
        problems.push(`${name} owns ${decl.table}.${decl.column}, which has no foreign key to ${table}`);
      }
      if (decl.policy === 'restrict' && !decl.messageKey) problems.push(`${name} restricts ${decl.table} without a messageKey`);
      if (decl.policy === 'rules' && !entities.some((e) => e.name === decl.entity && e.table === decl.table)) {
        problems.push(`${name} owns ${decl.table} through rules, but names no entity of that table`);
      }
    }
  }
  return problems;
};

/** Deletes rows of an entity by its own rules inside a transaction (the repository's, ./repository.ts). */
export type DeleteWithin = (trx: AnyDb, ids: readonly number[], actor: HookActor) => Promise<number>;

/**
 * Inside the owner's delete transaction, after its records are locked and before anything is
 * removed: refuses on the first `restrict` table holding a row of them.
 */
export const refuseOwned = async (trx: AnyDb, owns: readonly OwnsDecl[], ids: readonly number[]): Promise<void> => {
  if (!ids.length) return;
  for (const decl of owns.filter((o) => o.policy === 'restrict')) {
    const found = await (trx as AnyKysely).selectFrom(decl.table).select(decl.column).where(decl.column, 'in', [...ids]).limit(1).executeTakeFirst();
    if (found) throw deleteRefused(decl.messageKey as MessageKey);
  }
};

/**
 * After the area's own checks (`beforeDelete`): deletes `rules` rows through their entity's delete
 * (`deleteOf`; a refusal there refuses the whole delete) and `cascade` parts directly.
 */
export const removeOwned = async (
  trx: AnyDb, owns: readonly OwnsDecl[], ids: readonly number[], actor: HookActor,
  deleteOf: (entity: string) => DeleteWithin | undefined,
): Promise<void> => {
  if (!ids.length) return;
  const db = trx as AnyKysely;
  for (const decl of owns.filter((o) => o.policy === 'rules')) {
    const remove = deleteOf(decl.entity!);
    if (!remove) throw new Error(`owns: no repository for ${decl.entity}`);
    const rows = await db.selectFrom(decl.table).select('id').where(decl.column, 'in', [...ids]).orderBy('id').execute();
    if (rows.length) await remove(trx, rows.map((r) => Number(r.id)), actor);
  }
  for (const decl of owns.filter((o) => o.policy === 'cascade')) {
    await db.deleteFrom(decl.table).where(decl.column, 'in', [...ids]).execute();
  }
};
