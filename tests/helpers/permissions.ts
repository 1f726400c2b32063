/**
 * Shared by the permission tests: a call wrapper that keeps every raw answer
 * (so a test can prove no answer ever carried a password hash), and small database look-ups.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';
import type { Answer } from './api';
import { call } from './api';

/** Prefixes of the password hashes we store (argon2id) or import (bcrypt). */
export const HASH_MARKERS = ['$argon2', '$2a$', '$2b$', '$2y$'] as const;

export const containsHash = (raw: string): boolean => HASH_MARKERS.some((marker) => raw.includes(marker));

/** `call` that remembers every raw answer body. */
export const recordingCall = (app: FastifyInstance) => {
  const bodies: string[] = [];
  const send = async <T = unknown>(method: 'GET' | 'POST', url: string, options: Parameters<typeof call>[3] = {}): Promise<Answer<T>> => {
    const answer = await call<T>(app, method, url, options);
    bodies.push(answer.raw);
    return answer;
  };
  return { send, bodies };
};

export const permissionVersion = async (db: Kysely<Database>): Promise<number> =>
  Number((await db.selectFrom('ums_permission_version').select('version').where('id', '=', 1).executeTakeFirstOrThrow()).version);

export const roleIdByCode = async (db: Kysely<Database>, code: string): Promise<number> =>
  (await db.selectFrom('ums_role').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

export const adminIdOf = async (db: Kysely<Database>, username: string): Promise<number> =>
  (await db.selectFrom('ums_admin').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

export const resourceIdsOf = async (db: Kysely<Database>, roleId: number): Promise<number[]> =>
  (await db.selectFrom('ums_role_resource_relation').select('resource_id').where('role_id', '=', roleId).orderBy('resource_id').execute())
    .map((r) => r.resource_id);

export const lastAudit = async (db: Kysely<Database>) =>
  db.selectFrom('sys_audit_log').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();

export const auditCount = async (db: Kysely<Database>): Promise<number> =>
  Number((await db.selectFrom('sys_audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
