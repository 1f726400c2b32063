/**
 * How reference inputs look records up. Query options that make a reference input read the target's `GET {path}/listAll` (every row,
 * not paged) through the data provider: for small tables (roles, resource categories, shops).
 */
import type { ListAllMeta } from '../providers/entityDataProvider';
import { LIST_ALL_TEXT } from '../providers/entityDataProvider';
import type { Entity } from '../schema/engine/entity';
import { filterOf } from '../schema/engine/entity';

const LIST_ALL_META: ListAllMeta = { listAll: true };

export const LIST_ALL_QUERY = { meta: LIST_ALL_META } as const;

/** How an autocomplete asks the referenced entity's list for matches (its keyword search, else its display filter). */
export const referenceSearch = (target: Entity | undefined) => (q: string): Record<string, string> => {
  if (!target || !q) return {};
  if (target.search) return { [target.search.param]: q };
  const displayDecl = target.fields[target.display];
  return displayDecl && filterOf(target.display, displayDecl) ? { [target.display]: q } : {};
};

/** How an autocomplete over a `listAll` look-up narrows its rows by what is typed (by their display text, in the browser). */
export const listAllSearch = (q: string): Record<string, string> => (q ? { [LIST_ALL_TEXT]: q } : {});
