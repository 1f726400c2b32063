/**
 * Which screen each route name of src/schema/routes.ts shows. A route without an entry shows
 * "not available yet". Screens load lazily: the generated entity screens (with the areas' options)
 * are one chunk, each area screen its own.
 */
import { lazy, useState } from 'react';
import type { ComponentType } from 'react';
import { NotAvailable } from '../pages/shared/NotAvailable';
import { loadAdminSession } from '../providers/authProvider';
import { AREA_SCREENS, loadScreenOptions } from '../resources';
import { ALL_ROUTES } from '../schema/routes';
import { ENTITY_SCREEN_ROUTES, HOME_ROUTE } from './screenRoutes';

type ScreenModule = { readonly default: ComponentType };
type Loader = () => Promise<ScreenModule>;

const loadEntityScreens = () => Promise.all([import('../engine/screens'), loadScreenOptions()]);

/** A declared entity's screen for `routeName`, from the generic entity engine (one chunk for all of them). */
const entityScreen = (routeName: string): Loader => async () => {
  const [{ entityScreens }, options] = await loadEntityScreens();
  return { default: entityScreens(options)[routeName] ?? (() => <NotAvailable routeName={routeName} />) };
};

const LOADERS: Readonly<Partial<Record<string, Loader>>> = {
  ...Object.fromEntries(ENTITY_SCREEN_ROUTES.map((name) => [name, entityScreen(name)])),
  ...AREA_SCREENS,
  [HOME_ROUTE]: () => import('../pages/home/HomePage').then((m) => ({ default: m.HomePage })),
};

/**
 * A route's screen: its code loads once (preloadScreen or the first draw, whichever comes first).
 * A screen whose code is already there when it is first drawn is drawn at once: a lazy component
 * always suspends on its first draw, and React then shows the layout's fallback and draws the
 * layout again to reveal the screen, one more pass of the whole frame on a cold open (issue 23).
 * The choice is kept per mount, so a screen drawn lazily stays the same component.
 */
const routeScreen = (load: Loader) => {
  let loaded: ComponentType | null = null;
  let started: Promise<ScreenModule> | null = null;
  const start = () => {
    started ??= load().then((module) => {
      loaded = module.default;
      return module;
    }, (error: unknown) => {
      // A failed preload is tried again by the first draw (whose failure the screen shows).
      started = null;
      throw error;
    });
    return started;
  };
  const Lazy = lazy(start);
  const Screen = () => {
    const [Body] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Body />;
  };
  return { Screen, start };
};

const ROUTE_SCREENS = Object.fromEntries(Object.entries(LOADERS).flatMap(([name, load]) => (load ? [[name, routeScreen(load)]] : [])));

export const SCREENS: Readonly<Partial<Record<string, ComponentType>>> = Object.fromEntries(
  Object.entries(ROUTE_SCREENS).map(([name, { Screen }]) => [name, Screen]),
);

/**
 * Starts loading the code of the screen at `pathname` (`/` is home) without waiting for the session
 * and the first render (issue 23): the shell calls it as soon as its own chunk is there, so the
 * screen's chunks join the shell's wave, and the screen is drawn with the layout's first pass.
 */
export const preloadScreen = (pathname: string): void => {
  // The session too (its request already left from the entry): loaded before the shell's first
  // draw, that draw shows the layout and the screen at once (./queryClient.ts).
  loadAdminSession().catch(() => undefined);
  const name = pathname === '/' ? HOME_ROUTE : ALL_ROUTES.find((r) => r.path === pathname)?.name;
  // A failed load is the lazy screen's to report when it renders.
  if (name) ROUTE_SCREENS[name]?.start().catch(() => undefined);
};
