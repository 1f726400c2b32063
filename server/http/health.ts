/** `GET {prefix}/health`: the process answers and the database answers a trivial query. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { dialectOf } from '../db/index';
import type { Database } from '../db/schema';
import { ok } from './envelope';
import { httpError } from './errors';
import { noteOnRequestLine } from './logging';

export const registerHealthRoutes = (app: FastifyInstance, deps: { db: Kysely<Database> }): void => {
  app.get('/health', { config: { openapi: { summary: 'Liveness and database check', tags: ['health'], query: null, body: null, public: true } } }, async (request) => {
    try {
      await sql`select 1`.execute(deps.db);
    } catch (error) {
      noteOnRequestLine(request, 'error', { err: error }, 'health: database check failed');
      throw httpError({ status: 503, messageKey: 'service_unavailable', data: { status: 'down', database: 'down' } });
    }
    return ok({ status: 'up', database: 'up', dialect: dialectOf(deps.db) });
  });
};
