/**
 * Which rows of an entity a query sees (./scope.ts says whose they are): the tenant column
 * limited to the scope's shops, an account's own records (`owner`), the recycle bin's view.
 * Every query of the repository (./repository.ts) and of the engine's other writers goes through it.
 */
import type { Expression, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { Entity } from '../../src/schema/engine/entity';
import { columnOf } from '../../src/schema/engine/entity';
import type { RecycleBin } from '../../src/schema/engine/recycleBin';
import { IN_BIN, LIVE, recycleBinOf } from '../../src/schema/engine/recycleBin';
import type { AnyEb } from '../db/index';
import type { Scope } from './scope';

type Eb = AnyEb;

/** Which records of an entity with a recycle bin a query sees: the live ones, or those in the bin. */
export type View = 'live' | 'bin' | 'any';

const binWhere = (bin: RecycleBin | null, eb: Eb, view: View) =>
  bin && view !== 'any' ? eb(bin.column, '=', view === 'bin' ? IN_BIN : LIVE) : sql<boolean>`1 = 1`;

/**
 * The rows beyond a seller's shops that it may read but never write (the area's
 * `readableBeyondScope` hook, ./hooks.ts), as a condition on the entity's table.
 */
export type BeyondScope = (eb: Eb, shopIds: readonly number[]) => Expression<SqlBool>;

/**
 * Rows of `entity` inside the scope: its tenant column limited to the scope's shops, and with a
 * recycle bin, the live records only (or the bin's), so reads, writes and reference checks alike
 * never see what was deleted. `beyond`: for reads only (a list, a record's detail), a seller also
 * sees the rows it selects outside its shops; writes never pass it, so those rows stay "not found"
 * to every write, batch and action.
 */
export const scopeWhere = (entity: Entity, eb: Eb, scope: Scope, view: View = 'live', beyond?: BeyondScope) => {
  const own = entity.tenant && scope.kind === 'shops'
    ? (scope.shopIds.length ? eb(entity.tenant, 'in', [...scope.shopIds]) : sql<boolean>`1 = 0`)
    : sql<boolean>`1 = 1`;
  const tenant = beyond && entity.tenant && scope.kind === 'shops' && scope.shopIds.length ? eb.or([own, beyond(eb, scope.shopIds)]) : own;
  const owned = ownerWhere(entity, eb, scope);
  const bin = recycleBinOf(entity);
  const parts = [tenant, ...(owned ? [owned] : []), ...(bin ? [binWhere(bin, eb, view)] : [])];
  return parts.length === 1 ? tenant : eb.and(parts);
};

/** The column of an entity's owning account (`owner`), or null. */
export const ownerColumnOf = (entity: Entity): string | null =>
  entity.owner ? columnOf(entity.owner, entity.fields[entity.owner]!) : null;

/**
 * An entity owned by an account (`owner`): a seller's scope sees only its own rows (a scope
 * without an account, none); staff scopes (every shop) see all of them.
 */
const ownerWhere = (entity: Entity, eb: Eb, scope: Scope) => {
  const column = ownerColumnOf(entity);
  if (!column || scope.kind === 'all') return null;
  return scope.adminId === undefined ? sql<boolean>`1 = 0` : eb(column, '=', scope.adminId);
};

/** The field that holds the tenant (mold.shopId for tenant `shop_id`); none when the tenant is the row itself. */
export const tenantFieldOf = (entity: Entity): string | null =>
  entity.tenant && entity.tenant !== 'id'
    ? Object.entries(entity.fields).find(([name, decl]) => columnOf(name, decl) === entity.tenant)?.[0] ?? null
    : null;
