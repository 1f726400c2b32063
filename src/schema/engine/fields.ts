/**
 * Fields and their kinds: what a declared field holds, its options, the record types they infer,
 * and how a field is filtered. Part of the entity declaration language (./entity.ts re-exports it;
 * the builders an entity's `fields` are written with are in ./fieldBuilders.ts).
 */
import { KINDS } from './kinds';
import type { FieldDecl, FieldKind, FilterDecl } from './types';

export const isTextKind = (kind: FieldKind): boolean => KINDS[kind].text;

/** The resolved filter of a field, or null. */
export const filterOf = (fieldName: string, decl: FieldDecl): Required<Omit<FilterDecl, 'alwaysOn' | 'range'>> & { alwaysOn: boolean } | null => {
  if (!decl.filter) return null;
  const options: FilterDecl = decl.filter === true ? {} : decl.filter;
  return {
    param: options.param ?? fieldName,
    op: options.op ?? (isTextKind(decl.kind) ? 'like' : 'eq'),
    alwaysOn: options.alwaysOn ?? false,
  };
};

/** The two query parameters of a field's range filter, or null when it declares none. */
export const rangeOf = (fieldName: string, decl: FieldDecl): { from: string; to: string } | null => {
  const filter = filterOf(fieldName, decl);
  if (!filter || typeof decl.filter !== 'object' || !decl.filter.range) return null;
  if (!KINDS[decl.kind].range) throw new Error(`${fieldName}: a range filter needs a number, date or time field, not ${decl.kind}`);
  return { from: `${filter.param}From`, to: `${filter.param}To` };
};
