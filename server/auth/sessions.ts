/**
 * Server-side sessions: a JWT is only as good as its session row, which is checked on every
 * request (not revoked, not expired, admin still enabled). Revoking the row ends the session at
 * once, whatever the token's own `exp` says.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/schema';
import { prepared } from '../db/prepared';
import { dbTimeIn, toDbTime } from '../db/time';
import { jsonArrayFrom as pgJsonArrayFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArrayFrom } from 'kysely/helpers/sqlite';
import type { AnyKysely } from '../db/index';
import { dialectOf } from '../db/index';
import type { Scope } from '../crud/scope';
import { rolesAndShopsQuery, scopeFromRows } from './scope';

type Executor = Kysely<Database> | Transaction<Database>;

type SessionInfo = { id: string; adminId: number; expiresAt: Date };

export const createSession = async (
  db: Executor,
  input: { adminId: number; ttlSeconds: number; ip: string | null; userAgent: string | null },
): Promise<SessionInfo> => {
  const now = new Date();
  const id = randomUUID();
  const expireTime = dbTimeIn(input.ttlSeconds, now);
  await db.insertInto('ums_admin_session').values({
    id,
    admin_id: input.adminId,
    create_time: toDbTime(now),
    expire_time: expireTime,
    revoked_time: null,
    ip: input.ip,
    user_agent: input.userAgent?.slice(0, 500) ?? null,
  }).execute();
  return { id, adminId: input.adminId, expiresAt: new Date(expireTime) };
};

type ActiveSession = { sessionId: string; adminId: number; username: string; permissionVersion: number };

const sessionQuery = (db: Executor, sessionId: string, adminId: number, now: string) => db.selectFrom('ums_admin_session as s')
  .innerJoin('ums_admin as a', 'a.id', 's.admin_id')
  .select(['s.id', 's.admin_id', 'a.username'])
  .select((eb) => eb.selectFrom('ums_permission_version').select('version').where('id', '=', 1).as('permission_version'))
  .where('s.id', '=', sessionId)
  .where('s.admin_id', '=', adminId)
  .where('s.revoked_time', 'is', null)
  .where('s.expire_time', '>', now)
  .where('a.status', '=', 1);

/**
 * The session if it is live and its admin is enabled; null otherwise. The permission version
 * rides along in the same query, so checking permissions costs no extra round trip.
 */
const activeSession = prepared(3, sessionQuery);

const sessionOf = (row: { id: string; admin_id: number; username: string; permission_version: unknown }): ActiveSession =>
  ({ sessionId: row.id, adminId: row.admin_id, username: row.username, permissionVersion: Number(row.permission_version ?? 0) });

export const findActiveSession = async (db: Executor, sessionId: string, adminId: number): Promise<ActiveSession | null> => {
  const [row] = await activeSession(db, sessionId, adminId, toDbTime());
  return row ? sessionOf(row) : null;
};

/**
 * `activeSession` with the admin's tenant scope read by the same statement (its roles and shops as
 * one JSON column): every API request needs both, and on PostgreSQL each statement is a round trip.
 */
const activeSessionAndScope = prepared(3, (db: Executor, sessionId: string, adminId: number, now: string) =>
  sessionQuery(db, sessionId, adminId, now).select(() => {
    // Correlated with the outer session row: the admin the session belongs to.
    const rows = rolesAndShopsQuery(db).where('ar.admin_id', '=', sql.ref<number>('s.admin_id'));
    return (dialectOf(db as unknown as AnyKysely) === 'postgres' ? pgJsonArrayFrom(rows) : sqliteJsonArrayFrom(rows)).as('scope_rows');
  }));

export const findActiveSessionAndScope = async (
  db: Executor, sessionId: string, adminId: number,
): Promise<(ActiveSession & { scope: Scope }) | null> => {
  const [row] = await activeSessionAndScope(db, sessionId, adminId, toDbTime());
  if (!row) return null;
  // PostgreSQL's driver parses the JSON; SQLite answers its text.
  const parsed = (typeof row.scope_rows === 'string' ? JSON.parse(row.scope_rows) : row.scope_rows) as { code: string; status: unknown; shopId: unknown }[];
  const roles = parsed.map((r) => ({ code: r.code, status: Number(r.status), shopId: r.shopId === null ? null : Number(r.shopId) }));
  return { ...sessionOf(row), scope: scopeFromRows(row.admin_id, roles) };
};

/** A fresh expiry for a live session (token refresh). */
export const extendSession = async (db: Executor, sessionId: string, ttlSeconds: number): Promise<Date> => {
  const expireTime = dbTimeIn(ttlSeconds);
  await db.updateTable('ums_admin_session').set({ expire_time: expireTime })
    .where('id', '=', sessionId).where('revoked_time', 'is', null).execute();
  return new Date(expireTime);
};

export const revokeSession = async (db: Executor, sessionId: string): Promise<void> => {
  await db.updateTable('ums_admin_session').set({ revoked_time: toDbTime() })
    .where('id', '=', sessionId).where('revoked_time', 'is', null).execute();
};

/** Ends every session of an admin (password change, disabling, deletion by later CRUD code). */
export const revokeAllSessions = async (db: Executor, adminId: number): Promise<number> => {
  const result = await db.updateTable('ums_admin_session').set({ revoked_time: toDbTime() })
    .where('admin_id', '=', adminId).where('revoked_time', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
};

/**
 * Deletes an admin's dead sessions (expired or revoked): a dead row and a missing row both read
 * as "not signed in", so nothing is lost, and the table does not grow with every sign-in.
 * Per admin, so it uses the admin_id index and stays cheap.
 */
export const pruneDeadSessions = async (db: Executor, adminId: number): Promise<void> => {
  await db.deleteFrom('ums_admin_session')
    .where('admin_id', '=', adminId)
    .where((eb) => eb.or([eb('expire_time', '<=', toDbTime()), eb('revoked_time', 'is not', null)]))
    .execute();
};
