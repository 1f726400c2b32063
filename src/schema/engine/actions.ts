/**
 * Actions: operations beyond create/read/update/delete, state transitions and their history.
 * Part of the entity declaration language (./entity.ts re-exports it).
 */
import type { ActionDecl, Entity, TransitionDecl } from './types';

/** The declared transitions of an entity (actions with a `transition`), by name. */
export const transitionsOf = (entity: Entity): [string, ActionDecl & { readonly transition: TransitionDecl }][] =>
  Object.entries(entity.actions ?? {}).flatMap(([name, decl]) => (decl.transition ? [[name, decl as ActionDecl & { transition: TransitionDecl }]] : []));

/** The states an action is allowed from: a transition's `from`, or `inStates`; undefined when any state will do. */
export const allowedStatesOf = (decl: ActionDecl | undefined): readonly (number | string)[] | undefined =>
  decl?.transition?.from ?? decl?.inStates;

/** Whether a record's state allows an action (a transition's `from`, an action's `inStates`; true for the others). */
export const transitionAllows = (entity: Entity, name: string, record: Readonly<Record<string, unknown>>): boolean => {
  const allowed = allowedStatesOf(entity.actions?.[name]);
  if (!allowed || !entity.states) return true;
  return allowed.includes(record[entity.states.field] as number | string);
};

/** An action's name in snake_case, the default of its audit rows' action (`allocMenu` → `alloc_menu`). */
export const snakeCase = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * An action's parameters seen as a small entity of their own (`<entity>.actions.<action>`), so the
 * generic validation, inputs and labels of fields serve them unchanged.
 */
export const actionParamsEntity = (entity: Entity, name: string): Entity => {
  const decl = entity.actions?.[name];
  if (!decl) throw new Error(`${entity.name} declares no action ${name}`);
  let byName = paramsEntityCache.get(entity);
  if (!byName) paramsEntityCache.set(entity, byName = new Map());
  let params = byName.get(name);
  if (!params) {
    params = {
      name: `${entity.name}.actions.${name}`, path: entity.path, table: entity.table, tenant: null, display: 'id',
      menu: entity.menu, fields: decl.params ?? {}, routes: { list: false, get: false, create: false, update: false, delete: false },
    };
    byName.set(name, params);
  }
  return params;
};
const paramsEntityCache = new WeakMap<Entity, Map<string, Entity>>();
