/**
 * Which screen each route name of src/schema/routes.ts shows. A route without an entry shows
 * "not available yet"; adding a screen is one line here. Screens load lazily, so each one is
 * its own chunk and the admin's entry stays small.
 */
import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { NotAvailable } from '../pages/shared/NotAvailable';
import { ENTITY_SCREEN_ROUTES, HOME_ROUTE, UMS_SCREEN_ROUTES } from './screenRoutes';

type Screen = LazyExoticComponent<ComponentType>;

/** A declared entity's screen for `routeName`, from the generic entity engine (one chunk for all of them). */
const entityScreen = (routeName: string): Screen => lazy(async () => {
  const { entityScreens } = await import('../resources/entity/screens');
  return { default: entityScreens()[routeName] ?? (() => <NotAvailable routeName={routeName} />) };
});

/** A permission screen beyond the entity engine (role allocation, group members, capacity). */
const umsScreen = (routeName: string): Screen => lazy(async () => {
  const { umsScreens } = await import('../resources/ums/screens');
  return { default: umsScreens()[routeName] ?? (() => <NotAvailable routeName={routeName} />) };
});

export const SCREENS: Readonly<Partial<Record<string, Screen>>> = {
  ...Object.fromEntries(ENTITY_SCREEN_ROUTES.map((name) => [name, entityScreen(name)])),
  ...Object.fromEntries(UMS_SCREEN_ROUTES.map((name) => [name, umsScreen(name)])),
  [HOME_ROUTE]: lazy(() => import('../pages/home/HomePage').then((m) => ({ default: m.HomePage }))),
};
