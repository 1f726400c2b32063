/**
 * Query options that make a reference input read the target's `GET {path}/listAll` (every row,
 * not paged) through the data provider: for small tables (roles, resource categories, shops).
 */
import type { ListAllMeta } from '../providers/entityDataProvider';

const LIST_ALL_META: ListAllMeta = { listAll: true };

export const LIST_ALL_QUERY = { meta: LIST_ALL_META } as const;
