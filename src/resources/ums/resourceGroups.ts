/**
 * Resources grouped by category for the allocation screen, as pure functions: categories in
 * their list order (`/resourceCategory/listAll` is sorted), resources of an unknown or missing
 * category in a last group of their own.
 */
import type { RaRecord } from 'react-admin';

export type ResourceGroup = {
  /** The category id, or null for the "uncategorised" group. */
  readonly categoryId: number | null;
  readonly name: string | null;
  readonly resources: readonly RaRecord[];
};

export const groupResources = (categories: readonly RaRecord[], resources: readonly RaRecord[]): ResourceGroup[] => {
  const known = new Set(categories.map((c) => Number(c.id)));
  const groups: ResourceGroup[] = categories
    .map((c) => ({ categoryId: Number(c.id), name: String(c.name ?? c.id), resources: resources.filter((r) => Number(r.categoryId) === Number(c.id)) }))
    .filter((g) => g.resources.length > 0);
  const orphans = resources.filter((r) => !known.has(Number(r.categoryId)));
  return orphans.length > 0 ? [...groups, { categoryId: null, name: null, resources: orphans }] : groups;
};
