/**
 * What the menus ticked for a role still need from the API (src/schema/routeNeeds.ts), as pure
 * functions for the menu allocation screen: per ticked route, the needed paths no resource of the
 * role covers, and for each the resource that would cover it with the least beyond it. Only
 * resources the signed-in admin may grant are offered (the server's permission ceiling decides
 * in the end).
 */
import { compileAntPattern } from '../../schema/engine/ant';
import type { RecordOf } from '../../schema/engine/entity';
import { missingNeeds } from '../../schema/routeNeeds';
import type { resource } from '../../schema/ums/entities';

/** A resource as far as these rules look at it. */
export type ResourceRow = Readonly<Pick<RecordOf<typeof resource>, 'id' | 'name' | 'url'>>;

export type MissingNeed = { readonly path: string; readonly resource: ResourceRow | null };
export type RouteLack = { readonly route: string; readonly missing: readonly MissingNeed[] };

const covers = (url: string) => {
  const matches = compileAntPattern(url);
  return (path: string) => matches(path);
};

/** Fewer wildcards first, then the longer (narrower) pattern: grant no more than the screen needs. */
const narrowestFirst = (a: ResourceRow, b: ResourceRow): number =>
  (a.url.split('*').length - b.url.split('*').length) || (b.url.length - a.url.length) || (a.id - b.id);

export const routeLacks = (
  routes: readonly string[],
  roleUrls: readonly string[],
  resources: readonly ResourceRow[],
  mayGrant: (resource: ResourceRow) => boolean,
): RouteLack[] => {
  const roleCovers = roleUrls.map(covers);
  const canCall = (path: string) => roleCovers.some((matches) => matches(path));
  const grantable = resources.filter(mayGrant).sort(narrowestFirst);
  return routes
    .map((route) => ({
      route,
      missing: missingNeeds(route, canCall).map((path) => ({ path, resource: grantable.find((r) => covers(r.url)(path)) ?? null })),
    }))
    .filter((lack) => lack.missing.length > 0);
};

/** The resources to add so every lack that can be met is: each once. */
export const resourcesToAdd = (lacks: readonly RouteLack[]): ResourceRow[] => {
  const byId = new Map<number, ResourceRow>();
  for (const lack of lacks) for (const need of lack.missing) if (need.resource) byId.set(need.resource.id, need.resource);
  return [...byId.values()];
};
