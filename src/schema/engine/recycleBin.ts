/**
 * The recycle bin of an entity that declares `softDelete` (SoftDeleteDecl in ./entity.ts), as
 * both halves read it: the flag field, its column, the list parameter that shows the bin, and
 * the two operations on the bin's records.
 */
import type { Entity } from './entity';
import { columnOf, filterOf } from './entity';

export type RecycleBin = {
  /** The flag field: 0 live, 1 in the bin. */
  readonly field: string;
  readonly column: string;
  /** The list parameter showing the bin instead of the live records (`?deleteStatus=1`): the field's name. */
  readonly param: string;
};

/** Values of the flag. */
export const LIVE = 0;
export const IN_BIN = 1;

/** The operations on records in the bin (src/schema/engine/endpoints.ts), each `POST <path>/<operation>?ids=`. */
export const BIN_OPERATIONS = ['restore', 'purge'] as const;
export type BinOperation = (typeof BIN_OPERATIONS)[number];

const cache = new WeakMap<Entity, RecycleBin | null>();

/** The entity's recycle bin, or null without one; a declaration that cannot work throws, naming the entity. */
export const recycleBinOf = (entity: Entity): RecycleBin | null => {
  let bin = cache.get(entity);
  if (bin !== undefined) return bin;
  bin = null;
  if (entity.softDelete) {
    const { field } = entity.softDelete;
    const decl = entity.fields[field];
    if (!decl || decl.kind !== 'flag' || !decl.serverManaged || decl.virtual) {
      throw new Error(`${entity.name}: softDelete needs a stored, server-managed flag field, not "${field}"`);
    }
    if (filterOf(field, decl)) throw new Error(`${entity.name}: the recycle bin's ${field} is its own list parameter; declare no filter on it`);
    bin = { field, column: columnOf(field, decl), param: field };
  }
  cache.set(entity, bin);
  return bin;
};
