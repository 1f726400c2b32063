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
import { unauthorized } from '../http/errors';
import { authorize } from './authorize';
import type { AuthContext } from './context';
import { findActiveSession } from './sessions';
import { bearerToken, verifyToken } from './tokens';

const PUBLIC = new Set<string>(PUBLIC_API_URLS);
const SELF_SERVICE = new Set<string>(SELF_SERVICE_URLS);

/** The session behind the request's token, or null (any failure reads the same: not signed in). */
export const authenticate = async (db: Kysely<Database>, secret: string, request: FastifyRequest): Promise<AuthContext | null> => {
  const token = bearerToken(request.headers.authorization);
  if (!token) return null;
  const claims = await verifyToken(secret, token);
  if (!claims) return null;
  const session = await findActiveSession(db, claims.sessionId, claims.adminId);
  return session ? { adminId: session.adminId, sessionId: session.sessionId, username: session.username } : null;
};

const stripPrefix = (url: string, prefix: string): string => (url.startsWith(prefix) ? url.slice(prefix.length) || '/' : url);

/** Adds the hook to an encapsulated API scope (registered with `prefix: config.apiPrefix`). */
export const registerAuthGuard = (app: FastifyInstance, deps: { db: Kysely<Database>; config: Pick<Config, 'jwtSecret' | 'apiPrefix'> }): void => {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    request.auth = null;
    // The matched route pattern, not the raw URL: `/admin/login/../info` cannot pass as public.
    const routeUrl = request.routeOptions.url;
    if (routeUrl === undefined) return; // unmatched: the not-found handler answers
    const routePath = stripPrefix(routeUrl, deps.config.apiPrefix);
    if (PUBLIC.has(routePath)) return;
    const auth = await authenticate(deps.db, deps.config.jwtSecret, request);
    if (!auth) throw unauthorized();
    request.auth = auth;
    if (SELF_SERVICE.has(routePath)) return;
    const path = stripPrefix(request.url.split('?')[0] ?? request.url, deps.config.apiPrefix);
    await authorize({ db: deps.db, auth, routePath, path, request });
  });
};

/** The caller of an authenticated route (the guard guarantees it is set). */
export const requireAuth = (request: FastifyRequest): AuthContext => {
  if (!request.auth) throw unauthorized();
  return request.auth;
};
