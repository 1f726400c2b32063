/**
 * What each route of the route table needs from the API before its screen can work, as API paths
 * with sample ids. An entity's screens derive theirs from the declaration's endpoints (the list
 * route reads the list, or the record of a single-record entity; the create route creates; the
 * edit route reads and updates one record); other screens declare `needs` in routes.ts. The admin
 * shows a route only when every need is callable, and the menu allocation screen tells an
 * administrator which resources a ticked menu still lacks.
 */
import type { Entity } from './engine/entity';
import { actionOperation, entityActionPath, fillPath } from './engine/actionPaths';
import type { RouteNeed } from './routes';
import { ALL_ROUTES } from './routes';
import { entityList, findEntity } from './entities';

const entityNeeds = (entity: Entity, routeName: string): (string | null)[] => {
  const { route, create, edit } = entity.menu;
  const needs: (string | null)[] = [];
  if (entity.menu.screens === false) return needs;
  if (routeName === route) {
    needs.push(entity.routes?.list === false ? entityActionPath(entity, 'show') : entityActionPath(entity, 'list'));
  }
  if (routeName === create) needs.push(entityActionPath(entity, 'create'));
  if (routeName === edit) needs.push(entityActionPath(entity, 'show'), entityActionPath(entity, 'edit'));
  return needs;
};

/** The entity's generated endpoints a screen of its own may need (react-admin's action names). */
const ENDPOINT_ACTIONS: ReadonlySet<string> = new Set(['list', 'create', 'show', 'edit']);

/** A declared need as the API path it calls; a declared action the entity lacks is a mistake in the table. */
const needPath = (need: RouteNeed): string => {
  if (typeof need === 'string') return fillPath(need);
  const entity = findEntity(need.entity);
  const action = ENDPOINT_ACTIONS.has(need.action) ? need.action : actionOperation(need.action);
  const path = entity ? entityActionPath(entity, action) : null;
  if (!path) throw new Error(`routes.ts: ${need.entity} declares no action ${need.action}`);
  return path;
};

const build = (): ReadonlyMap<string, readonly string[]> => {
  const needs = new Map<string, readonly string[]>();
  for (const route of ALL_ROUTES) {
    const declared = (route.needs ?? []).map(needPath);
    const derived = entityList.flatMap((entity) => entityNeeds(entity, route.name))
      // An endpoint the declaration turns off is no need: the screen does not offer that call.
      .filter((path): path is string => path !== null);
    needs.set(route.name, [...new Set([...declared, ...derived])]);
  }
  return needs;
};

let table: ReadonlyMap<string, readonly string[]> | null = null;

/** API paths the route's screen calls to open (empty: it needs none, or the route is unknown). */
export const routeNeeds = (routeName: string): readonly string[] => {
  table ??= build();
  return table.get(routeName) ?? [];
};

/** The needs of a route that `canCall` does not cover. */
export const missingNeeds = (routeName: string, canCall: (path: string) => boolean): string[] =>
  routeNeeds(routeName).filter((path) => !canCall(path));
