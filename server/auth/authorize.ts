/**
 * The permission seam. Every authenticated API request passes through `authorize` after its
 * session is checked. For now it allows any signed-in admin.
 *
 * TODO(permissions): enforce roles -> resources here, deny by default (ARCHITECTURE.md section 4):
 * collect the Ant patterns (src/schema/resources.ts) of the resources reachable through the
 * admin's ENABLED roles; allow when one matches the route path; allow SELF_SERVICE_URLS to any
 * session; a path no resource covers is allowed only to the super admin (role code `super_admin`);
 * otherwise throw forbidden() (403). No in-memory cache across requests (several processes may run).
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AuthContext } from './context';

export type AuthorizeInput = {
  db: Kysely<Database>;
  auth: AuthContext;
  /** Route path without the API prefix, e.g. `/brand/list` or `/brand/update/:id`. */
  routePath: string;
  /** The concrete path without prefix and query, e.g. `/brand/update/7`. */
  path: string;
  request: FastifyRequest;
};

export const authorize = async (_input: AuthorizeInput): Promise<void> => {
  // Intentionally permissive until role -> resource enforcement lands (see the TODO above).
};
