/**
 * What `authProvider.canAccess({ resource, action })` checks, without React, so the auth provider
 * can import it. Two grants must both hold:
 * - the route (menus): react-admin asks with the entity name as the resource, while the server
 *   grants routes (`menu.name`), so an entity action maps onto the route of its screen;
 * - the API (resources): the action maps onto the API path it would call, read from the
 *   declaration, and one of the user's Ant patterns must match it (`compileAntPattern`, as the
 *   server decides), so buttons for calls the server would refuse are hidden.
 */
import { compileAntPattern } from '../../schema/ant';
import type { Entity } from '../../schema/entity';
import { screenEntityOf } from '../../schema/screenEntities';

/** A resource name for API calls that are not entity actions: `canAccess({ resource: API_RESOURCE, action: '/role/allocMenu' })`. */
export const API_RESOURCE = 'api';

/** An action that sets one field through its batch or toggle path: `set:status`. */
export const SET_ACTION_PREFIX = 'set:';
export const setAction = (field: string): string => `${SET_ACTION_PREFIX}${field}`;

/** Stands in for ids and other path parameters: any value matches the same patterns. */
const SAMPLE_ID = '1';
const fillPath = (path: string): string => path.replace(/\{\w+\}/g, SAMPLE_ID);

/** The route whose grant covers `action` on an entity, or undefined when `resource` is not an entity. */
export const entityAccessRoute = (resource: string, action: string): string | undefined => {
  const entity = screenEntityOf(resource);
  if (!entity) return undefined;
  const { route, create, edit } = entity.menu;
  if (action === 'create') return create ?? route;
  if (action === 'edit' || action === 'delete' || action === 'show') return edit ?? route;
  return route;
};

const setPathOf = (entity: Entity, field: string): string | undefined =>
  entity.batch?.find((b) => b.kind === 'set' && b.field === field)?.path ?? entity.fields[field]?.toggle;

/**
 * The API path an action on an entity calls, or null when the entity has no such route (the
 * action is then refused). List-like actions read the list path; unknown actions count as reads.
 */
export const entityActionPath = (entity: Entity, action: string): string | null => {
  const on = (op: 'list' | 'get' | 'create' | 'update' | 'delete') => entity.routes?.[op] !== false;
  const base = entity.path;
  if (action === 'create') return on('create') ? `${base}/create` : null;
  if (action === 'edit') return on('update') ? `${base}/update/${SAMPLE_ID}` : null;
  if (action === 'show') return on('get') ? `${base}/${SAMPLE_ID}` : null;
  if (action === 'delete') {
    const batchDelete = entity.batch?.find((b) => b.kind === 'delete')?.path;
    if (entity.deleteStyle === 'batch') return batchDelete ? fillPath(`${base}${batchDelete}`) : null;
    return on('delete') ? `${base}/delete/${SAMPLE_ID}` : null;
  }
  if (action.startsWith(SET_ACTION_PREFIX)) {
    const path = setPathOf(entity, action.slice(SET_ACTION_PREFIX.length));
    return path ? fillPath(`${base}${path}`) : null;
  }
  return on('list') ? fillPath(`${base}${entity.listPath ?? '/list'}`) : null;
};

/** The API path `canAccess({ resource, action })` stands for, null for an impossible action, undefined when there is none to check. */
export const accessApiPath = (resource: string, action: string): string | null | undefined => {
  if (resource === API_RESOURCE) return action;
  const entity = screenEntityOf(resource);
  return entity ? entityActionPath(entity, action) : undefined;
};

/** Whether one of the patterns matches a path; undefined patterns (an older server) allow everything. */
export type ApiMatcher = (path: string) => boolean;
export const apiMatcher = (patterns: readonly string[] | undefined): ApiMatcher => {
  if (!patterns) return () => true;
  const compiled = patterns.map(compileAntPattern);
  return (path) => compiled.some((matches) => matches(path));
};
