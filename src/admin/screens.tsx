/**
 * Which screen each route name of src/schema/routes.ts shows. A route without an entry shows
 * "not available yet"; adding a screen is one line here. Screens load lazily, so each one is
 * its own chunk and the admin's entry stays small.
 */
import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';

type Screen = LazyExoticComponent<ComponentType>;

export const SCREENS: Readonly<Partial<Record<string, Screen>>> = {
  home: lazy(() => import('../pages/home/HomePage').then((m) => ({ default: m.HomePage }))),
};
