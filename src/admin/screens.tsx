/**
 * Which screen each route name of src/schema/routes.ts shows. A route without an entry shows
 * "not available yet"; adding a screen is one line here. Screens load lazily, so each one is
 * its own chunk and the admin's entry stays small.
 */
import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { NotAvailable } from '../pages/shared/NotAvailable';
import { entityList } from '../schema/entities';

type Screen = LazyExoticComponent<ComponentType>;

/** A declared entity's screen for `routeName`, from the generic entity engine (one chunk for all of them). */
const entityScreen = (routeName: string): Screen => lazy(async () => {
  const { entityScreens } = await import('../resources/entity/screens');
  return { default: entityScreens()[routeName] ?? (() => <NotAvailable routeName={routeName} />) };
});

// The route names each entity's declaration claims (list, and create/edit when it has them).
const entityRoutes = entityList.flatMap(({ menu }) => [menu.route, menu.create, menu.edit])
  .filter((name): name is string => name !== undefined);

export const SCREENS: Readonly<Partial<Record<string, Screen>>> = {
  ...Object.fromEntries(entityRoutes.map((name) => [name, entityScreen(name)])),
  home: lazy(() => import('../pages/home/HomePage').then((m) => ({ default: m.HomePage }))),
};
