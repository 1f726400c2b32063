/**
 * The authentication hook of the API: every route except PUBLIC_API_URLS needs a live session
 * (valid HS256 token, session row not revoked or expired, admin enabled). SELF_SERVICE_URLS need
 * nothing more; every other route then goes through `authorize` (the permission seam).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { PUBLIC_API_URLS, SELF_SERVICE_URLS } from '../../src/schema/resources';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { HttpError } from '../http/errors';
import { unauthorized } from '../http/errors';
import { authorize } from './authorize';
import type { AuthContext } from './context';
import type { PermissionCache } from './permissions';
import { createPermissionCache } from './permissions';
import { findActiveSessionAndScope } from './sessions';
import { bearerToken, verifyTokenOnce } from './tokens';

const PUBLIC = new Set<string>(PUBLIC_API_URLS);
const SELF_SERVICE = new Set<string>(SELF_SERVICE_URLS);

/** The session behind the request's token, or null (any failure reads the same: not signed in). */
export const authenticate = async (db: Kysely<Database>, secret: string, request: FastifyRequest): Promise<AuthContext | null> => {
  const token = bearerToken(request.headers.authorization);
  if (!token) return null;
  const claims = await verifyTokenOnce(secret, token);
  if (!claims) return null;
  const session = await findActiveSessionAndScope(db, claims.sessionId, claims.adminId);
  return session
    ? { adminId: session.adminId, sessionId: session.sessionId, username: session.username, permissionVersion: session.permissionVersion, scope: session.scope }
    : null;
};

/**
 * The 401 for a request `authenticate` refused: `account_disabled` when its token is genuine and
 * the account it was issued to is disabled (its holder signed in as that account: this tells them
 * nothing new, and the admin can say why they were signed out), else the plain `unauthorized`.
 */
export const refusalOf = async (db: Kysely<Database>, secret: string, request: FastifyRequest): Promise<HttpError> => {
  const token = bearerToken(request.headers.authorization);
  const claims = token ? await verifyTokenOnce(secret, token) : null;
  if (!claims) return unauthorized();
  const account = await db.selectFrom('ums_admin').select('status').where('id', '=', claims.adminId).executeTakeFirst();
  return account && account.status !== 1 ? unauthorized('account_disabled') : unauthorized();
};

const stripPrefix = (url: string, prefix: string): string => (url.startsWith(prefix) ? url.slice(prefix.length) || '/' : url);

/**
 * The path the matched route runs for: its pattern with the (decoded) parameter values put back
 * as single segments. Permissions are judged on this, not on the raw URL, so encodings
 * (`%62rand`), dot segments or an encoded `/` in a parameter cannot make a URL look like
 * another area than the route that answers it.
 */
const routeInstancePath = (routePath: string, params: unknown): string => {
  const values = (params ?? {}) as Record<string, unknown>;
  return routePath.replace(/:(\w+)|\*/g, (match, name: string | undefined) =>
    encodeURIComponent(String(values[name ?? '*'] ?? match)));
};

/** Adds the hook to an encapsulated API scope (registered with `prefix: config.apiPrefix`). */
export const registerAuthGuard = (
  app: FastifyInstance,
  deps: { db: Kysely<Database>; config: Pick<Config, 'jwtSecret' | 'apiPrefix'>; permissions?: PermissionCache },
): void => {
  // One cache per app: it holds compiled grants keyed by the database's permission version.
  const permissions = deps.permissions ?? createPermissionCache();
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    request.auth = null;
    // The matched route pattern, not the raw URL: `/admin/login/../info` cannot pass as public.
    const routeUrl = request.routeOptions.url;
    if (routeUrl === undefined) return; // unmatched: the not-found handler answers
    const routePath = stripPrefix(routeUrl, deps.config.apiPrefix);
    if (PUBLIC.has(routePath)) return;
    const auth = await authenticate(deps.db, deps.config.jwtSecret, request);
    if (!auth) throw await refusalOf(deps.db, deps.config.jwtSecret, request);
    request.auth = auth;
    if (SELF_SERVICE.has(routePath)) return;
    const path = routeInstancePath(routePath, request.params);
    await authorize({ db: deps.db, auth, permissions, routePath, path, request });
  });
};

/** The caller of an authenticated route (the guard guarantees it is set). */
export const requireAuth = (request: FastifyRequest): AuthContext => {
  if (!request.auth) throw unauthorized();
  return request.auth;
};
