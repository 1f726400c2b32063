/**
 * Which screen each route name of src/schema/routes.ts shows. A route without an entry shows
 * "not available yet". Screens load lazily: the generated entity screens (with the areas' options)
 * are one chunk, each area screen its own.
 */
import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { NotAvailable } from '../pages/shared/NotAvailable';
import { AREA_SCREENS, loadScreenOptions } from '../resources';
import { ENTITY_SCREEN_ROUTES, HOME_ROUTE } from './screenRoutes';

type Screen = LazyExoticComponent<ComponentType>;

/** A declared entity's screen for `routeName`, from the generic entity engine (one chunk for all of them). */
const entityScreen = (routeName: string): Screen => lazy(async () => {
  const [{ entityScreens }, options] = await Promise.all([import('../engine/screens'), loadScreenOptions()]);
  return { default: entityScreens(options)[routeName] ?? (() => <NotAvailable routeName={routeName} />) };
});

export const SCREENS: Readonly<Partial<Record<string, Screen>>> = {
  ...Object.fromEntries(ENTITY_SCREEN_ROUTES.map((name) => [name, entityScreen(name)])),
  ...Object.fromEntries(Object.entries(AREA_SCREENS).map(([name, load]) => [name, lazy(load)])),
  [HOME_ROUTE]: lazy(() => import('../pages/home/HomePage').then((m) => ({ default: m.HomePage }))),
};
