/**
 * Route names that have a screen (the rest show "not available yet"): every declared entity's
 * list, create and edit routes, the areas' own screens, and home. Plain data, so the shell's
 * screen table and the browser test that opens every menu route agree on it.
 */
import { AREA_SCREENS } from '../resources';
import { entityList } from '../schema/entities';

/** The route names each entity's declaration claims (list, and create/edit when it has them). */
export const ENTITY_SCREEN_ROUTES: readonly string[] = entityList.flatMap(({ menu }) => [menu.route, menu.create, menu.edit])
  .filter((name): name is string => name !== undefined);

const AREA_SCREEN_ROUTES: readonly string[] = Object.keys(AREA_SCREENS);

export const HOME_ROUTE = 'home';

export const SCREEN_ROUTES: ReadonlySet<string> = new Set([...ENTITY_SCREEN_ROUTES, ...AREA_SCREEN_ROUTES, HOME_ROUTE]);
