/**
 * Which screen each route name of src/schema/routes.ts shows. A route without an entry shows
 * "not available yet"; adding a screen is one line here. Screens load lazily, so each one is
 * its own chunk and the admin's entry stays small.
 */
import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { NotAvailable } from '../pages/shared/NotAvailable';
import { UMS_ROUTES } from '../resources/ums/routes';
import { screenEntityList } from '../schema/screenEntities';

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

// The route names each entity's declaration claims (list, and create/edit when it has them).
const entityRoutes = screenEntityList.flatMap(({ menu }) => [menu.route, menu.create, menu.edit])
  .filter((name): name is string => name !== undefined);

export const SCREENS: Readonly<Partial<Record<string, Screen>>> = {
  ...Object.fromEntries(entityRoutes.map((name) => [name, entityScreen(name)])),
  ...Object.fromEntries(Object.values(UMS_ROUTES).map((name) => [name, umsScreen(name)])),
  home: lazy(() => import('../pages/home/HomePage').then((m) => ({ default: m.HomePage }))),
};
