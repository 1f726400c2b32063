/**
 * The permission check of every authenticated API request (SELF_SERVICE_URLS excepted, see
 * guard.ts). Deny by default: an enabled `super_admin` role may call everything; anyone else
 * needs an enabled role holding a resource whose Ant pattern matches the path. A path no
 * resource covers is therefore the super admin's alone. Disabled admins never get here (their
 * sessions do not authenticate).
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { forbidden } from '../http/errors';
import { noteOnRequestLine } from '../http/logging';
import type { AuthContext } from './context';
import type { PermissionCache } from './permissions';

type AuthorizeInput = {
  db: Kysely<Database>;
  auth: AuthContext;
  permissions: PermissionCache;
  /** Route path without the API prefix, e.g. `/brand/list` or `/brand/update/:id`. */
  routePath: string;
  /** The path the route runs for, without prefix and query, e.g. `/brand/update/7`. */
  path: string;
  request: FastifyRequest;
};

export const authorize = async (input: AuthorizeInput): Promise<void> => {
  const grants = await input.permissions.grantsOf(input.db, input.auth.adminId, input.auth.permissionVersion);
  if (grants.allows(input.path)) return;
  // Refused authorisations are security events (ASVS 16.3.2): logged with who and what.
  noteOnRequestLine(input.request, 'warn', { adminId: input.auth.adminId, route: input.routePath, path: input.path }, 'permission denied');
  throw forbidden();
};
