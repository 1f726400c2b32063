/** react-admin list parameters that read every row of a small table through its `listAll`. */
import type { Entity } from '../../schema/engine/entity';
import { LIST_ALL_QUERY } from '../../engine/lookups';

/** `listAll` answers every row at once; the page only satisfies react-admin's parameter shape. */
const EVERYTHING = { page: 1, perPage: 10_000 } as const;

export const allRowsOf = (entity: Entity) => ({
  pagination: EVERYTHING,
  sort: entity.defaultSort ?? { field: 'id', order: 'ASC' as const },
  filter: {},
  ...LIST_ALL_QUERY,
});
