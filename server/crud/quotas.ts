/**
 * The quota contract: what the engine's create guard (`beforeCreate`, ./repository.ts) and the
 * capacity list ask of a meter. A meter counts what an account uses of one quota and owns the
 * quota field it is measured against (`Q`: a field of the group declaration the app's capacity
 * area hands in, so a meter cannot name a quota the groups do not hold); `guards` names the
 * creates that spend it. The engine knows no meter: areas declare them (ServerArea `meters`).
 */
import type { Db } from './hooks';

export type QuotaMeter<Q extends string = string> = {
  /** Stable key, also the `what` of the quota_exceeded message: `shops`, `molds`, `storage`. */
  readonly key: string;
  /** `count` for rows, `MB` for storage. */
  readonly unit: 'count' | 'MB';
  /** The group's field holding this quota (null there = unlimited). */
  readonly quota: Q;
  /** The admin's current usage, in `unit`. */
  readonly count: (db: Db, adminId: number) => Promise<number>;
  /** The tables `count` reads: a figure built on it is kept under their versions (the home page's capacity). */
  readonly tables: readonly string[];
  /** Entity names whose create spends this quota (or a route's own target, such as uploads). */
  readonly guards: readonly string[];
  /**
   * Whose quota a create spends when not the caller's: a mold spends its shop owner's quota, even
   * when the super admin adds it. Null: nobody's (an ownerless shop).
   */
  readonly subjectOf?: (db: Db, values: Record<string, unknown>, callerId: number | null) => Promise<number | null>;
};
