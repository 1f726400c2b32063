/**
 * The menu titles the seed writes into ums_menu.title (declared in src/schema/builtins.ts, where
 * the admin also reads them: a menu still titled so shows its translation, `menu.<name>`).
 * A unit test checks that every route of src/schema/routes.ts SECTIONS has a title there.
 */
import { SEEDED_MENU_TITLES } from '../../src/schema/builtins';

/** The seeded titles, looked up by any menu name (a route may have none yet). */
export const MENU_TITLES: Readonly<Record<string, string>> = SEEDED_MENU_TITLES;

/** `memberLevel` -> `Member level`, `user_group` -> `User group`: a readable stand-in for a route added without a title. */
const humanizeName = (name: string): string => {
  const words = name.replace(/_/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The title of a menu. A route added to routes.ts before its title is added here still seeds
 * (with a humanized name) rather than breaking the first start; the unit test flags it.
 */
export const menuTitle = (name: string): string => MENU_TITLES[name] ?? humanizeName(name);
