/**
 * The admin's route table, joined from every area's menu sections (./areas.ts; each area declares
 * its own in `src/schema/<area>/menu.ts`, the language in ./engine/routes.ts). The server seeds its
 * menu tree from it (`ums_menu.name` equals a route `name`), the admin builds its routes from it,
 * and the permission tests read it. Titles live beside each area's sections (`menu.<name>` in the
 * admin's strings).
 */
import { SCHEMA_AREAS } from './areas';
import { joinSections } from './engine/area';
import { r } from './engine/routes';
import type { RouteDecl, SectionDecl } from './engine/routes';
import type { FIXED_ROUTES } from './publicPaths';

export type { IconName, RouteDecl, RouteNeed, SectionDecl } from './engine/routes';

export { ANONYMOUS_PATHS, FIXED_ROUTES, PUBLIC_PATHS } from './publicPaths';

export const SECTIONS: readonly SectionDecl[] = joinSections(SCHEMA_AREAS);

type Area = (typeof SCHEMA_AREAS)[number];
type SectionsOf<A> = A extends { readonly sections: readonly (infer S)[] } ? S : never;
type AddedRoutesOf<A> = A extends { readonly routes: infer R } ? R[keyof R] : never;
type NamesOf<T> = T extends readonly { readonly name: infer N }[] ? N : never;

/** Every route's name (sections and their children): a misspelt route key does not compile. */
export type RouteName = typeof FIXED_ROUTES[number]
  | (SectionsOf<Area> extends infer S ? (S extends { readonly name: infer N; readonly children: infer C } ? N | NamesOf<C> : never) : never)
  | NamesOf<AddedRoutesOf<Area>>;

/** Every route under the layout: the fixed home plus every section child. */
export const ALL_ROUTES: readonly (RouteDecl & { readonly section: string | null })[] = [
  { ...r('home', '/home', 'home', 100), section: null },
  ...SECTIONS.flatMap((s) => s.children.map((c) => ({ ...c, section: s.name }))),
];

/**
 * What the seed grants the seller role, by section: `'all'` (every child) or the children each
 * area marked `seller` (src/schema/engine/routes.ts); a section with neither is not the seller's.
 */
export const SELLER_MENU: Readonly<Record<string, readonly string[] | 'all'>> = Object.fromEntries(SECTIONS.flatMap((section): [string, readonly string[] | 'all'][] => {
  if (section.seller === 'all') return [[section.name, 'all']];
  const granted = section.children.filter((route) => route.seller).map((route) => route.name);
  return granted.length > 0 ? [[section.name, granted]] : [];
}));
