/** Every declared entity, by name, from every area (./areas.ts). The server generates routes for these; the admin, screens. */
import { SCHEMA_AREAS } from './areas';
import { joinEntities } from './engine/area';
import type { Entity } from './engine/entity';

export const ENTITIES = joinEntities(SCHEMA_AREAS);

export type EntityName = keyof typeof ENTITIES;
export const entityList: readonly Entity[] = Object.values(ENTITIES);

/**
 * The entity whose list or edit screen a route shows: the one naming the route without
 * `screens: false` (one per route; the engine refuses two), else one that only borrows it, which an
 * area's own screen on the route lists (the flash products, the price check).
 */
export const entityOfRoute = (routeName: string): Entity | undefined => {
  const onRoute = (e: Entity): boolean => e.menu.route === routeName || e.menu.edit === routeName;
  return entityList.find((e) => e.menu.screens !== false && onRoute(e)) ?? entityList.find(onRoute);
};

/** The registry looked up by any name. */
const REGISTRY: Readonly<Record<string, Entity>> = ENTITIES;

/** The registered entity of a name (a reference's target, a resource of the admin), if any. */
export const findEntity = (name: string): Entity | undefined => (Object.hasOwn(REGISTRY, name) ? REGISTRY[name] : undefined);
