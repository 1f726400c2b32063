/**
 * Storage: the tables and columns an entity's records live in. Part of the entity declaration
 * language (./entity.ts re-exports it); server/db/declared.ts derives the table types by the same rules.
 */
import type { Entity } from './entity';
import type { FieldDecl } from './fields';

/** snake_case column of a field. */
export const columnOf = (fieldName: string, decl: FieldDecl): string =>
  decl.column ?? fieldName.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Tables an entity's lists live in besides its own, with the columns each needs. */
export const ownedTablesOf = (entity: Entity): { table: string; columns: string[]; field: string }[] =>
  Object.entries(entity.fields).flatMap(([field, decl]) => {
    if (decl.children) {
      const c = decl.children;
      return [{ table: c.table, field, columns: ['id', c.link, ...(c.tenant ? [c.tenant] : []), ...Object.entries(c.fields).map(([n, d]) => columnOf(n, d))] }];
    }
    if (decl.relation) return [{ table: decl.relation.table, field, columns: ['id', decl.relation.own, decl.relation.other] }];
    return [];
  });

/**
 * Every table an entity's records live in, with its columns: its own (`id`, the stored fields,
 * the tenant column) and its child and relation tables. server/db/declared.ts derives their
 * types by the same rules.
 */
export const tableColumnsOf = (entity: Entity): { table: string; columns: string[] }[] => {
  const own = ['id', ...columnFields(entity).map(([name, decl]) => columnOf(name, decl))];
  if (entity.tenant && !own.includes(entity.tenant)) own.push(entity.tenant);
  return [{ table: entity.table, columns: own }, ...ownedTablesOf(entity).map(({ table, columns }) => ({ table, columns }))];
};

/** Fields stored in the entity's own table. */
export const columnFields = (entity: Entity): [string, FieldDecl][] =>
  Object.entries(entity.fields).filter(([, decl]) => !decl.virtual);
