/**
 * The floor of an authenticated list request, measured in the same run as the real one: a bare
 * Fastify server on the same database driver that does only what any such request must do —
 * verify the HS256 token, read the session row, read a page of ten rows by primary key — and
 * answers them in an envelope. The real list's server CPU per request is quoted as a ratio to
 * this, which survives a noisy machine far better than requests per second.
 */
import Fastify from 'fastify';
import type { Kysely } from 'kysely';
import { findActiveSession } from '../server/auth/sessions';
import { bearerToken, verifyToken } from '../server/auth/tokens';
import type { AnyKysely } from '../server/db/index';
import type { ReadGate } from '../server/http/read-gate';
import type { Database } from '../server/db/schema';

export const FLOOR_PAGE_SIZE = 10;

/** `gate`: the server's read gate, which the floor's reads pass as the server's own reads do (one door for both). */
export const startFloor = async (db: Kysely<Database>, secret: string, table: string, gate?: ReadGate): Promise<{ url: string; close: () => Promise<void> }> => {
  const app = Fastify({ logger: false });
  gate?.register(app, ['/floor']);
  app.get('/floor', async (request, reply) => {
    const claims = await verifyToken(secret, bearerToken(request.headers.authorization) ?? '');
    if (!claims || !await findActiveSession(db, claims.sessionId, claims.adminId)) return reply.code(401).send({ code: 401, message: 'Unauthorized', data: null });
    const page = Math.max(1, Number((request.query as Record<string, string>).pageNum) || 1);
    const list = await (db as unknown as AnyKysely).selectFrom(table).selectAll()
      .where('id', '>', (page - 1) * FLOOR_PAGE_SIZE).orderBy('id').limit(FLOOR_PAGE_SIZE).execute();
    return { code: 200, message: 'Operation succeeded', data: { pageNum: page, pageSize: FLOOR_PAGE_SIZE, list } };
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: `${address}/floor`, close: () => app.close() };
};
