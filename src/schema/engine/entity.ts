/**
 * The entity declaration language. One `defineEntity` call per entity is the single source of
 * truth for its table, API routes, validation, OpenAPI document, admin screens and labels.
 * Pure TypeScript + zod: no React, no database.
 *
 * The language is split along its seams, each re-exported here so every import keeps reading
 * `./entity`: fields and kinds (./fields.ts, builders in ./fieldBuilders.ts), actions
 * and transitions (./actions.ts), traits (./traits.ts), `mall`'s route variants
 * (./variants.ts) and storage (./storage.ts). This file holds the entity itself.
 */
import type { ActionDecl, Entity, EntityOptions, FieldDecl } from './types';

export type * from './types';
export * from './fields';
export * from './fieldBuilders';
export * from './actions';
export * from './traits';
export * from './storage';
export { DEFAULT_MAX_ROWS } from './limits';

export const defineEntity = <
  const F extends Record<string, FieldDecl>,
  const A extends Readonly<Record<string, ActionDecl>> = Record<never, ActionDecl>,
  const Tb extends string = string,
  const Tn extends string | null = null,
>(
  options: EntityOptions<F> & { readonly actions?: A; readonly table: Tb; readonly tenant: Tn },
): Entity<F, A, Tb, Tn> => options as Entity<F, A, Tb, Tn>;

/** Fields a client may write (not server-managed). */
export const writableFields = (entity: Entity): [string, FieldDecl][] =>
  Object.entries(entity.fields).filter(([, decl]) => !decl.serverManaged);

/** The `referenceName` field that holds the display name of reference field `field`, if declared. */
export const nameFieldOf = (entity: Entity, referenceField: string): string | undefined =>
  Object.entries(entity.fields).find(([, decl]) => decl.nameOf === referenceField)?.[0];

/** A child list seen as an entity of its own, for its labels and validation (`<entity>.children.<list>`). */
export const childEntityOf = (entity: Entity, listName: string): Entity => {
  const decl = entity.fields[listName]?.children;
  if (!decl) throw new Error(`${entity.name}.${listName} is not a child list`);
  return { name: `${entity.name}.children.${listName}`, path: '', table: decl.table, tenant: decl.tenant ?? null, menu: entity.menu, display: 'id', fields: decl.fields };
};
