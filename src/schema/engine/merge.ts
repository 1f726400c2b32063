/**
 * Every declared reference to an entity, for merging two of its records (docs/guide/merges.md):
 * a `reference` field naming it (top level or in child rows), a column that `refersTo` it (a plain
 * id, or a copy of one of its fields), and the columns its `merge.others` lists for tables no
 * entity declares. Each comes with the merge rule its declaration gives, or none: a merge refuses
 * to run while any reference lacks a rule, and tests/api/engine-merge.test.ts fails for one.
 */
import { columnOf } from './storage';
import type { Entity, FieldDecl, MergeRule } from './types';

/** One column that names records of the merged entity, with what a merge does to its rows. */
export type MergeRef = {
  /** Where it was declared: `couponHistory.memberId`, or `table.column` for `merge.others`. */
  readonly name: string;
  /** The declaring entity (absent for `merge.others`). */
  readonly entity?: Entity;
  readonly table: string;
  readonly column: string;
  /** The merged entity's column the reference holds (`id`, or `username` for a copy of the name). */
  readonly by: string;
  readonly rule: MergeRule | undefined;
};

const targetOf = (decl: FieldDecl): { entity: string; by: string } | undefined => {
  if (decl.refersTo) return { entity: decl.refersTo.entity, by: decl.refersTo.by ?? 'id' };
  if (decl.kind === 'reference' && decl.reference && !decl.virtual) return { entity: decl.reference.entity, by: 'id' };
  return undefined;
};

/** The references to `target` that `entities` declare, top-level fields and child rows alike. */
export const referencesTo = (entities: readonly Entity[], target: Entity): MergeRef[] => {
  const refs: MergeRef[] = [];
  const byColumn = (by: string): string => (by === 'id' ? 'id' : columnOf(by, target.fields[by]!));
  for (const entity of entities) {
    for (const [name, decl] of Object.entries(entity.fields)) {
      const found = targetOf(decl);
      if (found?.entity === target.name) {
        refs.push({ name: `${entity.name}.${name}`, entity, table: entity.table, column: columnOf(name, decl), by: byColumn(found.by), rule: decl.onMerge });
      }
      for (const [childName, child] of Object.entries(decl.children?.fields ?? {})) {
        const inner = targetOf(child);
        if (inner?.entity === target.name) {
          refs.push({ name: `${entity.name}.${name}.${childName}`, table: decl.children!.table, column: columnOf(childName, child), by: byColumn(inner.by), rule: child.onMerge });
        }
      }
    }
  }
  for (const other of target.merge?.others ?? []) {
    refs.push({ name: `${other.table}.${other.column}`, table: other.table, column: other.column, by: 'id', rule: other.rule });
  }
  return refs;
};
