/**
 * Every entity the admin's screens and data provider handle: the registered ones (the server
 * generates their routes).
 */
import type { Entity } from './engine/entity';
import type { EntityName } from './entities';
import { ENTITIES } from './entities';

export const SCREEN_ENTITIES: Readonly<Record<string, Entity>> = ENTITIES as Record<string, Entity>;

export const screenEntityList: readonly Entity[] = Object.values(SCREEN_ENTITIES);

/** Names of the entities that have screens: a misspelt key in a screen registry does not compile. */
export type ScreenEntityName = EntityName;

export const screenEntityOf = (name: string): Entity | undefined => SCREEN_ENTITIES[name];
