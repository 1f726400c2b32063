/**
 * Merging two records of a mergeable entity (`merge` on it; docs/guide/merges.md): every declared
 * reference to the removed record (src/schema/engine/merge.ts `referencesTo`) is handled by its
 * rule, in the caller's transaction: `refuse` rules are checked first (409 with their message,
 * nothing changed), then `move` and `repoint` rules set the reference to the kept record (`move`
 * also refreshes the copies a row keeps of it; a `repoint` with `unique` first drops the removed
 * record's rows the kept one already has). A reference without a rule refuses the merge
 * (`merge_unruled`, naming it): a new table pointing at the entity cannot lose its rows to a merge
 * unseen. The caller locks both records first and deletes the removed one after.
 */
import { sql } from 'kysely';
import type { MessageKey } from '../../src/schema/api';
import type { Entity } from '../../src/schema/engine/entity';
import { columnOf } from '../../src/schema/engine/entity';
import type { MergeRef } from '../../src/schema/engine/merge';
import { referencesTo } from '../../src/schema/engine/merge';
import { toCount } from '../db/index';
import { httpError } from '../http/errors';
import type { AnyDb } from './hooks';

type Row = Readonly<Record<string, unknown>>;

const refused = (messageKey: MessageKey, params?: Record<string, string>) => httpError({ status: 409, messageKey, ...(params ? { params } : {}) });

/** The rows of `ref` that name `merged`, within its tenant when the row has one (a name is unique per shop only). */
const whereNaming = (trx: AnyDb, ref: MergeRef, target: Entity, merged: Row) => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any declared table, known at run time
  let query = trx.updateTable(ref.table).where(ref.column, '=', merged[ref.by] as any);
  const tenant = ref.entity?.tenant;
  if (tenant && target.tenant && ref.by !== 'id') query = query.where(tenant, '=', merged[target.tenant]);
  return query;
};

/**
 * Applies every merge rule of `target`'s references from `merged` to `kept` (raw rows of its
 * table); answers how many rows each moved or re-pointed, by reference name.
 */
export const mergeReferences = async (
  trx: AnyDb, deps: { entities: readonly Entity[]; target: Entity; kept: Row; merged: Row },
): Promise<Record<string, number>> => {
  const { entities, target, kept, merged } = deps;
  const refs = referencesTo(entities, target);
  const unruled = refs.find((ref) => !ref.rule);
  if (unruled) throw refused('merge_unruled', { reference: unruled.name });
  for (const ref of refs) {
    if (ref.rule?.policy !== 'refuse') continue;
    const tenant = ref.entity?.tenant && target.tenant && ref.by !== 'id' ? ref.entity.tenant : undefined;
    let query = trx.selectFrom(ref.table).select(ref.column).where(ref.column, '=', merged[ref.by] as never);
    if (tenant) query = query.where(tenant, '=', merged[target.tenant!] as never);
    if (await query.limit(1).executeTakeFirst()) throw refused(ref.rule.messageKey as MessageKey);
  }
  const moved: Record<string, number> = {};
  for (const ref of refs) {
    const rule = ref.rule!;
    if (rule.policy === 'refuse') continue;
    const copies = rule.policy === 'move' && ref.entity
      ? Object.fromEntries(Object.entries(rule.copy ?? {}).map(([field, from]) =>
        [columnOf(field, ref.entity!.fields[field]!), kept[columnOf(from, target.fields[from]!)]]))
      : {};
    if (rule.policy === 'repoint' && rule.unique?.length) {
      // What the kept record already has stays; the removed one's copy of it goes (a unique index would refuse both).
      const table = sql.table(ref.table);
      const same = sql.join(rule.unique.map((column) => sql`k.${sql.ref(column)} = ${table}.${sql.ref(column)}`), sql` and `);
      await sql`delete from ${table} where ${sql.ref(ref.column)} = ${merged[ref.by]}
        and exists (select 1 from ${table} as k where k.${sql.ref(ref.column)} = ${kept[ref.by]} and ${same})`.execute(trx);
    }
    const result = await whereNaming(trx, ref, target, merged).set({ [ref.column]: kept[ref.by], ...copies }).executeTakeFirst();
    moved[ref.name] = toCount(result.numUpdatedRows);
  }
  return moved;
};

/**
 * What keeps a mergeable entity from merging safely: a declared reference without a rule, or a
 * foreign key into its table (`foreignKeys`, read from the database) that no declaration names,
 * each as `entity: table.column`. Empty when every reference has its rule.
 */
export const mergeProblems = (
  entities: readonly Entity[], foreignKeys: readonly { child: string; column: string; parent: string }[],
): string[] => entities.filter((target) => target.merge).flatMap((target) => {
  const refs = referencesTo(entities, target);
  const known = new Set(refs.map((ref) => `${ref.table}.${ref.column}`));
  return [
    ...refs.filter((ref) => !ref.rule).map((ref) => `${target.name}: ${ref.name} has no merge rule`),
    ...foreignKeys.filter((key) => key.parent === target.table && !known.has(`${key.child}.${key.column}`))
      .map((key) => `${target.name}: ${key.child}.${key.column} is a foreign key no declaration names`),
  ];
});
