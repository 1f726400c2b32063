/**
 * What a browser area (a folder under src/resources/) gives the shell: additions to the generated
 * screens of its entities, and screens of its own by route name. Both load lazily, so the registry
 * (src/resources/index.ts) stays light enough for the shell to import at start. The engine defines
 * this shape and never imports an area; the registry is the only place that lists them.
 */
import type { ComponentType } from 'react';
import type { RouteName } from '../schema/routes';
import type { ScreenEntityName } from '../schema/screenEntities';
import type { EntityScreenOptions } from './screenOptions';

export type ScreenOptionsByEntity = Readonly<Partial<Record<ScreenEntityName, EntityScreenOptions>>>;

export type LazyScreen = () => Promise<{ readonly default: ComponentType }>;

export type BrowserArea = {
  /** Folder name, for messages. */
  readonly name: string;
  /** Screen options of the area's entities (inputs, row actions, cells, …), loaded with the entity screens. */
  readonly screenOptions?: () => Promise<ScreenOptionsByEntity>;
  /** Screens that are not an entity's list or form, by the route (src/schema/routes.ts) they show at. */
  readonly screens?: Readonly<Partial<Record<RouteName, LazyScreen>>>;
};

export const defineArea = (area: BrowserArea): BrowserArea => area;
