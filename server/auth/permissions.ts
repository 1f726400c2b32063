/**
 * What an admin may call: the Ant URL patterns of the resources held through the admin's ENABLED
 * roles, or everything for an enabled `super_admin` role. Loaded with one query and cached per
 * (admin, permission version): every change to roles, resources or assignments bumps the version
 * in its own transaction, and every request reads the version with its session, so a change is
 * seen on the next request by every server process, while unchanged permissions cost no query.
 */
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import { compileAntPattern } from '../../src/schema/engine/ant';
import { SEED_ROLES } from '../../src/schema/resources';
import type { Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

export type Grants = {
  readonly superAdmin: boolean;
  /** Enabled roles of the admin. */
  readonly roleIds: readonly number[];
  /** Resources reachable through the enabled roles. */
  readonly resourceIds: readonly number[];
  /** Their distinct URL patterns, sorted. */
  readonly patterns: readonly string[];
  /** True when one held pattern matches the path (no API prefix, no query). */
  readonly allows: (path: string) => boolean;
};

/** Increments the permission version; call inside the transaction that changes permissions. */
export const bumpPermissionVersion = async (trx: Executor): Promise<void> => {
  await trx.updateTable('ums_permission_version').set({ version: sql<number>`version + 1` }).where('id', '=', 1).execute();
};

export const readPermissionVersion = async (db: Executor): Promise<number> => {
  const row = await db.selectFrom('ums_permission_version').select('version').where('id', '=', 1).executeTakeFirst();
  return Number(row?.version ?? 0);
};

const firstSegment = (path: string): string => {
  const start = path.startsWith('/') ? 1 : 0;
  const end = path.indexOf('/', start);
  return end === -1 ? path.slice(start) : path.slice(start, end);
};

/**
 * Matchers bucketed by their first literal segment (`/brand/**` under `brand`), so a request
 * tests only the patterns of its own area plus the few that start with a wildcard.
 */
export const compilePatterns = (patterns: readonly string[]): ((path: string) => boolean) => {
  const byHead = new Map<string, ((path: string) => boolean)[]>();
  const anyHead: ((path: string) => boolean)[] = [];
  for (const pattern of patterns) {
    const head = firstSegment(pattern);
    const matcher = compileAntPattern(pattern);
    if (head === '' || /[*?{]/.test(head)) anyHead.push(matcher);
    else byHead.set(head, [...(byHead.get(head) ?? []), matcher]);
  }
  return (path: string) => {
    const bucket = byHead.get(firstSegment(path));
    return (bucket?.some((match) => match(path)) ?? false) || anyHead.some((match) => match(path));
  };
};

/** The admin's grants, fresh from the database (one query). */
export const loadGrants = async (db: Executor, adminId: number): Promise<Grants> => {
  const rows = await db.selectFrom('ums_admin_role_relation as ar')
    .innerJoin('ums_role as r', 'r.id', 'ar.role_id')
    .leftJoin('ums_role_resource_relation as rr', 'rr.role_id', 'r.id')
    .leftJoin('ums_resource as res', 'res.id', 'rr.resource_id')
    .select(['r.id as role_id', 'r.code', 'res.id as resource_id', 'res.url'])
    .where('ar.admin_id', '=', adminId)
    .where('r.status', '=', 1)
    .execute();
  const roleIds = new Set<number>();
  const resourceIds = new Set<number>();
  const patterns = new Set<string>();
  let superAdmin = false;
  for (const row of rows) {
    roleIds.add(Number(row.role_id));
    if (row.code === SEED_ROLES.superAdmin.code) superAdmin = true;
    if (row.resource_id !== null && row.url !== null) {
      resourceIds.add(Number(row.resource_id));
      patterns.add(row.url);
    }
  }
  const sorted = [...patterns].sort();
  const matches = compilePatterns(sorted);
  return {
    superAdmin,
    roleIds: [...roleIds].sort((a, b) => a - b),
    resourceIds: [...resourceIds].sort((a, b) => a - b),
    patterns: sorted,
    allows: (path) => superAdmin || matches(path),
  };
};

export type PermissionCache = {
  /** The grants of `adminId` as of permission `version` (loaded once per admin and version). */
  grantsOf: (db: Executor, adminId: number, version: number) => Promise<Grants>;
  readonly size: () => number;
};

/** Bounded so a flood of distinct admins cannot grow memory without limit. */
const MAX_CACHED_ADMINS = 10_000;

export const createPermissionCache = (): PermissionCache => {
  // The promise is cached, so concurrent first requests of one admin share a single load.
  const entries = new Map<number, { version: number; grants: Promise<Grants> }>();
  const grantsOf: PermissionCache['grantsOf'] = (db, adminId, version) => {
    const cached = entries.get(adminId);
    if (cached && cached.version === version) return cached.grants;
    const grants = loadGrants(db, adminId);
    entries.delete(adminId);
    entries.set(adminId, { version, grants });
    if (entries.size > MAX_CACHED_ADMINS) entries.delete(entries.keys().next().value as number);
    // A failed load must not stick: the next request tries again.
    grants.catch(() => {
      if (entries.get(adminId)?.grants === grants) entries.delete(adminId);
    });
    return grants;
  };
  return { grantsOf, size: () => entries.size };
};
