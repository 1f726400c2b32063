/**
 * The API path each action of react-admin's on a declared entity calls. Shared by the
 * admin's access checks (which buttons to show) and the route table's needs (which screens a
 * user can open), so both ask the server the same question.
 */
import { ACTION_PREFIX, actionEndpointOf, actionOperation, deleteEndpointOf, endpointOf, setEndpointOf } from './endpoints';
import type { Entity } from './types';

/** An action that sets one field through its batch or toggle path: `set:status`. */
export const SET_ACTION_PREFIX = 'set:';
export const setAction = (field: string): string => `${SET_ACTION_PREFIX}${field}`;

/** Stands in for ids and other path parameters: any value matches the same patterns. */
export const SAMPLE_ID = '1';
export const fillPath = (path: string): string => path.replace(/\{\w+\}/g, SAMPLE_ID);

/** A declared action of an entity, as react-admin's `canAccess` action (`action:allocMenu`): the endpoint's operation. */
export { ACTION_PREFIX, actionOperation };

/**
 * The API path an action on an entity calls (src/schema/engine/endpoints.ts), or null when the entity has
 * no such route (the action is then refused). List-like actions read the list path; unknown
 * actions count as reads.
 */
export const entityActionPath = (entity: Entity, action: string): string | null => {
  const endpoint = action === 'create' ? endpointOf(entity, 'create')
    : action === 'edit' ? endpointOf(entity, 'update')
    : action === 'show' ? endpointOf(entity, 'get')
    : action === 'delete' ? deleteEndpointOf(entity)
    : action === 'restore' || action === 'purge' ? endpointOf(entity, action)
    : action.startsWith(SET_ACTION_PREFIX) ? setEndpointOf(entity, action.slice(SET_ACTION_PREFIX.length))
    : action.startsWith(ACTION_PREFIX) ? actionEndpointOf(entity, action.slice(ACTION_PREFIX.length))
    : endpointOf(entity, 'list');
  return endpoint ? fillPath(endpoint.url) : null;
};
