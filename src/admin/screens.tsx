/**
 * Which screen each route name of src/schema/routes.ts shows. A route without an entry shows
 * "not available yet". Screens load lazily: the generated entity screens (with the areas' options)
 * are one chunk, each area screen its own.
 */
import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { NotAvailable } from '../pages/shared/NotAvailable';
import { AREA_SCREENS, loadScreenOptions } from '../resources';
import { ALL_ROUTES } from '../schema/routes';
import { ENTITY_SCREEN_ROUTES, HOME_ROUTE } from './screenRoutes';

type Screen = LazyExoticComponent<ComponentType>;

const loadEntityScreens = () => Promise.all([import('../engine/screens'), loadScreenOptions()]);
const loadHome = () => import('../pages/home/HomePage');

/** A declared entity's screen for `routeName`, from the generic entity engine (one chunk for all of them). */
const entityScreen = (routeName: string): Screen => lazy(async () => {
  const [{ entityScreens }, options] = await loadEntityScreens();
  return { default: entityScreens(options)[routeName] ?? (() => <NotAvailable routeName={routeName} />) };
});

export const SCREENS: Readonly<Partial<Record<string, Screen>>> = {
  ...Object.fromEntries(ENTITY_SCREEN_ROUTES.map((name) => [name, entityScreen(name)])),
  ...Object.fromEntries(Object.entries(AREA_SCREENS).map(([name, load]) => [name, lazy(load)])),
  [HOME_ROUTE]: lazy(() => loadHome().then((m) => ({ default: m.HomePage }))),
};

/**
 * Starts loading the code of the screen at `pathname` (`/` is home) without waiting for the session
 * and the first render (issue 23): the shell calls it as soon as its own chunk is there, so the
 * screen's chunks join the shell's wave; the lazy screen then finds them loaded or on their way.
 */
export const preloadScreen = (pathname: string): void => {
  const name = pathname === '/' ? HOME_ROUTE : ALL_ROUTES.find((r) => r.path === pathname)?.name;
  if (!name) return;
  const area = AREA_SCREENS[name as keyof typeof AREA_SCREENS];
  const started = name === HOME_ROUTE ? loadHome() : area ? area() : ENTITY_SCREEN_ROUTES.includes(name) ? loadEntityScreens() : null;
  // A failed load is the lazy screen's to report when it renders.
  started?.catch(() => undefined);
};
