/**
 * react-admin asks `authProvider.canAccess({ resource, action })` with the entity name as the
 * resource (list, create, edit, delete buttons and pages), while the server grants routes
 * (`menu.name`). This maps one onto the other, without React, so the auth provider can import it.
 */
import type { Entity } from '../../schema/entity';
import { ENTITIES } from '../../schema/entities';

/** The route whose grant covers `action` on an entity, or undefined when `resource` is not an entity. */
export const entityAccessRoute = (resource: string, action: string): string | undefined => {
  const entity = (ENTITIES as Record<string, Entity | undefined>)[resource];
  if (!entity) return undefined;
  const { route, create, edit } = entity.menu;
  if (action === 'create') return create ?? route;
  if (action === 'edit' || action === 'delete' || action === 'show') return edit ?? route;
  return route;
};
