/**
 * The repository's contract (what ./repository.ts builds and ./list-read.ts fills in), in a leaf
 * of its own so that both import it and neither imports the other back.
 */
import type { Entity } from '../../src/schema/engine/entity';
import type { AnyDb, HookActor } from './hooks';
import type { ListParams } from './list-params';
import type { DeleteWithin } from './owns';
import type { ApiRecord } from './row';
import type { Scope } from './scope';

/** Who is writing, for the audit row and the tenant scope. */
export type Actor = HookActor;

/**
 * Runs inside a create's transaction before the row is inserted (quotas): throws to refuse. The
 * engine knows nothing of what it checks; the app passes it in.
 */
export type BeforeCreate = (trx: AnyDb, entity: Entity, values: Record<string, unknown>, actor: Actor) => Promise<void>;

/** A list's page with its total, exact unless marked. */
export type ListAnswer = { list: ApiRecord[]; total: number; totalExact?: false; totalAtLeast?: number };

export type Repository = {
  readonly entity: Entity;
  /**
   * A page and its total; a total past LIST_TOTAL_LIMITS.exactUpTo that was not asked for exactly is
   * marked `totalExact: false`, `totalAtLeast` its bound and `total` an estimate (./list-read.ts).
   */
  list: (params: ListParams, scope: Scope) => Promise<ListAnswer>;
  /** Every row the scope allows, in the list order (for look-ups; tables behind it stay small). */
  listAll: (params: ListParams, scope: Scope) => Promise<ApiRecord[]>;
  get: (id: number, scope: Scope) => Promise<ApiRecord>;
  create: (body: unknown, actor: Actor) => Promise<ApiRecord>;
  /** Several records in one transaction (EntityOptions `createMany`): errors name the row (`1.brandId`); answers how many. */
  createMany: (bodies: unknown, actor: Actor) => Promise<number>;
  update: (id: number, body: unknown, actor: Actor) => Promise<number>;
  remove: (ids: readonly number[], actor: Actor) => Promise<number>;
  setField: (ids: readonly number[], field: string, value: unknown, actor: Actor) => Promise<number>;
  /** A recycle bin's records back among the live ones (404 when none of the ids is in the bin). */
  restore: (ids: readonly number[], actor: Actor) => Promise<number>;
  /** A recycle bin's records deleted for good. */
  purge: (ids: readonly number[], actor: Actor) => Promise<number>;
  /**
   * Records deleted for good (live or in the bin) inside another delete's transaction, by this
   * entity's own rules and audit rows: an owner's `owns` with the `rules` policy (./owns.ts).
   */
  deleteWithin: DeleteWithin;
};
