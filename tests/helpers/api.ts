/** Small helpers for driving the API through app.inject. */
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { Envelope } from '../../src/schema/api';
import { toCount } from '../../server/db/index';
import type { Database } from '../../server/db/schema';
import type { Credentials } from './accounts';
import { freshIp } from './accounts';

export type Answer<T = unknown> = { status: number; headers: Record<string, unknown>; body: Envelope<T>; raw: string };

export const call = async <T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; body?: unknown; ip?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> => {
  const inject: InjectOptions = {
    method,
    url,
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  };
  if (options.body !== undefined) inject.payload = options.body as InjectOptions['payload'];
  const response = await app.inject(inject);
  let body: Envelope<T>;
  try {
    body = response.json();
  } catch {
    body = undefined as unknown as Envelope<T>;
  }
  return { status: response.statusCode, headers: response.headers, body, raw: response.body };
};

/**
 * Signs in and returns the bare token (without `Bearer `); from a fresh client address unless the
 * test controls the address (throttling by address, an address the server must remember).
 */
export const login = async (app: FastifyInstance, account: Credentials, ip = freshIp()): Promise<string> => {
  const { username, password } = account;
  const answer = await call<{ token: string; tokenHead: string }>(app, 'POST', '/api/admin/login', { body: { username, password }, ip });
  if (answer.status !== 200) throw new Error(`login ${username} failed: ${answer.status} ${answer.raw}`);
  return answer.body.data.token;
};

export const countRows = async (db: Kysely<Database>, table: keyof Database): Promise<number> => {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return toCount(row.n as string | number);
};

/** Row counts of the tables a rejected request must not touch. */
export const snapshotCounts = async (db: Kysely<Database>): Promise<Record<string, number>> => {
  const tables = ['ums_admin', 'ums_admin_role_relation', 'ums_admin_session', 'ums_admin_login_log', 'sys_audit_log', 'ums_role'] as const;
  const entries = await Promise.all(tables.map(async (t) => [t, await countRows(db, t)] as const));
  return Object.fromEntries(entries);
};

/** The payload of a JWT, unverified (tests only). */
export const jwtPayload = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
