/**
 * The caller's tenant scope (server/crud/scope.ts), decided from the database on every request:
 * an enabled super_admin role sees every shop; a seller (without super admin) sees only the
 * shops it owns (and the rows of entities owned by an account, `owner`, that are its own); other staff roles (product/order admins) see every shop and are limited by
 * their resources instead. No memory across requests: another process may have changed the
 * roles or opened a shop a moment ago.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { prepared } from '../db/prepared';
import { SEED_ROLES } from '../../src/schema/resources';
import type { Scope } from '../crud/scope';
import { ALL_SHOPS } from '../crud/scope';
import type { Database } from '../db/schema';

/** Nothing at all: what an unauthenticated caller would see (fail closed). */
const NO_SHOPS: Scope = { kind: 'shops', shopIds: [] };

/**
 * The scope of one admin, in one query: its roles (code, enabled) with, on the seller role's
 * rows, the shops it owns. Fails closed: a seller role counts even while disabled (the admin is
 * still a seller, so never "every shop"), and an admin without any enabled role sees nothing.
 */
export const rolesAndShopsQuery = (db: Kysely<Database> | Transaction<Database>) => db.selectFrom('ums_admin_role_relation as ar')
  .innerJoin('ums_role as r', 'r.id', 'ar.role_id')
  // Shops are joined only to the seller role's row, so other roles stay one row each.
  .leftJoin('shop as sh', (join) => join.onRef('sh.owner_id', '=', 'ar.admin_id').on('r.code', '=', SEED_ROLES.seller.code))
  .select(['r.code', 'r.status', 'sh.id as shopId']);

const rolesAndShops = prepared(1, (db: Kysely<Database> | Transaction<Database>, adminId: number) => rolesAndShopsQuery(db)
  .where('ar.admin_id', '=', adminId));

/** One row of an admin's roles with, on the seller role's rows, a shop it owns. */
type RoleShopRow = { code: string | null; status: number; shopId: number | null };

/** The scope those rows make (see `rolesAndShops`). */
export const scopeFromRows = (adminId: number, rows: readonly RoleShopRow[]): Scope => {
  if (rows.some((r) => r.code === SEED_ROLES.superAdmin.code && r.status === 1)) return ALL_SHOPS;
  if (rows.some((r) => r.code === SEED_ROLES.seller.code)) {
    const shopIds = [...new Set(rows.flatMap((r) => (r.shopId === null ? [] : [Number(r.shopId)])))].sort((a, b) => a - b);
    return { kind: 'shops', shopIds, adminId };
  }
  return rows.some((r) => r.status === 1) ? ALL_SHOPS : NO_SHOPS;
};

export const scopeOfAdmin = async (db: Kysely<Database>, adminId: number): Promise<Scope> =>
  scopeFromRows(adminId, (await rolesAndShops(db, adminId)).map((r) => ({ code: r.code, status: Number(r.status), shopId: r.shopId === null ? null : Number(r.shopId) })));

/**
 * `scopeOf(request)` for the entity routes and the area routes. The session check reads the
 * scope in its own statement (./sessions.ts), so a request pays no query for it; a caller
 * authenticated otherwise gets one query per request, shared by every call within that request
 * (the WeakMap forgets the request when it is done).
 */
export const createScopeOf = (db: Kysely<Database>) => {
  const perRequest = new WeakMap<FastifyRequest, Promise<Scope>>();
  return (request: FastifyRequest): Promise<Scope> => {
    const auth = request.auth;
    if (!auth) return Promise.resolve(NO_SHOPS);
    if (auth.scope) return Promise.resolve(auth.scope);
    let scope = perRequest.get(request);
    if (!scope) {
      scope = scopeOfAdmin(db, auth.adminId);
      perRequest.set(request, scope);
    }
    return scope;
  };
};
