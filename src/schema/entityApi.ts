/**
 * The API path each action on a declared entity calls, read from its declaration. Shared by the
 * admin's access checks (which buttons to show) and the route table's needs (which screens a
 * user can open), so both ask the server the same question.
 */
import type { Entity } from './entity';

/** An action that sets one field through its batch or toggle path: `set:status`. */
export const SET_ACTION_PREFIX = 'set:';
export const setAction = (field: string): string => `${SET_ACTION_PREFIX}${field}`;

/** Stands in for ids and other path parameters: any value matches the same patterns. */
export const SAMPLE_ID = '1';
export const fillPath = (path: string): string => path.replace(/\{\w+\}/g, SAMPLE_ID);

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
