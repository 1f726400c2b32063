/**
 * Every entity the admin's screens and data provider handle: the registered ones (the server
 * generates their routes) plus the admin accounts, whose routes are hand-written but shaped alike.
 */
import type { Entity } from './entity';
import type { ActionEntityName } from './entities';
import { ENTITIES, HAND_CRUD_ENTITIES } from './entities';

export const SCREEN_ENTITIES: Readonly<Record<string, Entity>> = { ...(ENTITIES as Record<string, Entity>), ...(HAND_CRUD_ENTITIES as Record<string, Entity>) };

export const screenEntityList: readonly Entity[] = Object.values(SCREEN_ENTITIES);

/** Names of the entities that have screens: a misspelt key in a screen registry does not compile. */
export type ScreenEntityName = ActionEntityName;

export const screenEntityOf = (name: string): Entity | undefined => SCREEN_ENTITIES[name];
