/**
 * What `authProvider.canAccess({ resource, action })` checks, without React, so the auth provider
 * can import it. Two grants must both hold:
 * - the route (menus): react-admin asks with the entity name as the resource, while the server
 *   grants routes (`menu.name`), so an entity action maps onto the route of its screen;
 * - the API (resources): the action maps onto the API path it would call, read from the
 *   declaration, and one of the user's Ant patterns must match it (`compileAntPattern`, as the
 *   server decides), so buttons for calls the server would refuse are hidden.
 */
import { compileAntPattern } from './engine/ant';
import { ACTION_PREFIX, entityActionPath } from './engine/actionPaths';
import { findEntity } from './entities';

export { actionOperation, entityActionPath, SET_ACTION_PREFIX, setAction } from './engine/actionPaths';

/**
 * The route whose grant covers `action` on an entity, or undefined when no route grant is
 * involved: `resource` is not an entity, or the action is a declared one (`action:allocMenu`),
 * which the API grant alone decides wherever its button shows (the screen has its own route).
 */
export const entityAccessRoute = (resource: string, action: string): string | undefined => {
  const entity = findEntity(resource);
  if (!entity || action.startsWith(ACTION_PREFIX)) return undefined;
  const { route, create, edit } = entity.menu;
  if (action === 'create') return create ?? route;
  if (action === 'edit' || action === 'delete' || action === 'show' || action === 'restore' || action === 'purge') return edit ?? route;
  return route;
};

/** The API path `canAccess({ resource, action })` stands for, null for an impossible action, undefined when there is none to check. */
export const accessApiPath = (resource: string, action: string): string | null | undefined => {
  const entity = findEntity(resource);
  return entity ? entityActionPath(entity, action) : undefined;
};

/** Whether one of the patterns matches a path; undefined patterns (an older server) allow everything. */
export type ApiMatcher = (path: string) => boolean;
export const apiMatcher = (patterns: readonly string[] | undefined): ApiMatcher => {
  if (!patterns) return () => true;
  const compiled = patterns.map(compileAntPattern);
  return (path) => compiled.some((matches) => matches(path));
};
