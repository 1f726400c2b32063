/**
 * Traits an entity may have beyond its fields: column-comparison filters, the rows it owns,
 * counters kept by the database, a recycle bin, values unique together, a tree. Part of the
 * entity declaration language (./entity.ts re-exports it).
 */
import { filterOf, rangeOf } from './fields';
import { KINDS } from './kinds';
import { columnOf } from './storage';
import type { CompareFilter, Entity, FieldDecl } from './types';

const compareCache = new WeakMap<Entity, CompareFilter[]>();
/**
 * An entity's column-comparison filters, checked once: both fields stored and comparable, of one
 * kind, the parameter no other filter's. A declaration that breaks this stops the start.
 */
export const compareFiltersOf = (entity: Entity): readonly CompareFilter[] => {
  let filters = compareCache.get(entity);
  if (filters) return filters;
  const taken = new Set(Object.entries(entity.fields).flatMap(([name, decl]) => {
    const filter = filterOf(name, decl);
    const range = rangeOf(name, decl);
    return [...(filter ? [filter.param] : []), ...(range ? [range.from, range.to] : [])];
  }));
  if (entity.search) taken.add(entity.search.param);
  filters = Object.entries(entity.compareFilters ?? {}).map(([param, decl]) => {
    const where = `${entity.name}.compareFilters.${param}`;
    if (taken.has(param)) throw new Error(`${where}: another filter already takes the parameter ${param}`);
    const stored = (name: string): FieldDecl => {
      const field = entity.fields[name];
      if (!field || field.virtual || field.children || field.relation) throw new Error(`${where}: ${name} is not a stored field`);
      if (!KINDS[field.kind].range) throw new Error(`${where}: ${name} is ${field.kind}, not a number, date or time`);
      return field;
    };
    const [a, b] = [stored(decl.field), stored(decl.than)];
    if (a.kind !== b.kind) throw new Error(`${where}: ${decl.field} (${a.kind}) and ${decl.than} (${b.kind}) do not compare`);
    const except = decl.except ?? [];
    // Compared with the column as stored: plain whole numbers only (money is stored in cents, times as text).
    if (except.length && (a.kind !== 'int' || except.some((v) => !Number.isInteger(v)))) throw new Error(`${where}: except takes whole numbers of an int field`);
    return { ...decl, param, column: columnOf(decl.field, a), thanColumn: columnOf(decl.than, b), except, alwaysOn: decl.alwaysOn ?? false };
  });
  compareCache.set(entity, filters);
  return filters;
};
