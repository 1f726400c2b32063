/**
 * Which screen each route name of src/schema/routes.ts shows. A route without an entry shows
 * "not available yet". Screens load lazily: the generated entity screens (with the areas' options)
 * are one chunk, each area screen its own.
 */
import type { ComponentType } from 'react';
import { Loading } from 'react-admin';
import type { LazyNow } from '../engine/lazyNow';
import { lazyNow } from '../engine/lazyNow';
import { NotAvailable } from '../ui/NotAvailable';
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
 * A screen whose code is already there when it is first drawn is drawn at once; one whose code is
 * not yet there shows react-admin's loading indicator (as the layout's Suspense fallback did) and
 * is drawn as soon as the code arrives (lazyNow: `lazy` would hold the reveal back up to 300 ms).
 */
const ROUTE_SCREENS: Readonly<Record<string, LazyNow<object>>> = Object.fromEntries(Object.entries(LOADERS).flatMap(([name, load]) =>
  (load ? [[name, lazyNow(() => load().then((module) => module.default), () => <Loading />)]] : [])));

export const SCREENS: Readonly<Partial<Record<string, ComponentType>>> = ROUTE_SCREENS;

/**
 * Starts loading the code of the screen at `pathname` (`/` is home) without waiting for the session
 * and the first render: the shell calls it as soon as its own chunk is there, so the
 * screen's chunks join the shell's wave, and the screen is drawn with the layout's first pass.
 */
export const preloadScreen = (pathname: string): void => {
  // The session too (its request already left from the entry): loaded before the shell's first
  // draw, that draw shows the layout and the screen at once (./queryClient.ts).
  loadAdminSession().catch(() => undefined);
  const name = pathname === '/' ? HOME_ROUTE : ALL_ROUTES.find((r) => r.path === pathname)?.name;
  // A failed load is the lazy screen's to report when it renders.
  if (name) ROUTE_SCREENS[name]?.preload().catch(() => undefined);
};
