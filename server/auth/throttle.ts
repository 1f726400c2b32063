/**
 * Sign-in throttling in the database (ums_login_throttle), so every server process shares the
 * counters. Fixed windows per key (`account:<username>`, `ip:<address>`).
 *
 * An attempt is counted BEFORE the password is checked, in one atomic upsert per key, so a burst
 * of parallel guesses cannot slip past the limit between "check" and "record". A success then
 * clears the account counter and gives the IP its attempt back.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/schema';
import { dbTimeMs, toDbTime } from '../db/time';

export type ThrottleLimits = { maxFailures: number; windowSeconds: number };

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export const accountKey = (username: string): string => `account:${username.trim().toLowerCase().slice(0, 200)}`;
export const ipKey = (ip: string | undefined): string => `ip:${ip ?? 'unknown'}`;

/** Counts one attempt for `key`; not allowed when the count in the current window passes the limit. */
const countAttempt = async (db: Kysely<Database>, key: string, limits: ThrottleLimits, now: Date): Promise<ThrottleDecision> => {
  const nowText = toDbTime(now);
  const cutoff = toDbTime(new Date(now.getTime() - limits.windowSeconds * 1000));
  const expired = sql<boolean>`ums_login_throttle.window_start <= ${cutoff}`;
  const row = await db.insertInto('ums_login_throttle')
    .values({ key, failures: 1, window_start: nowText, locked_until: null })
    .onConflict((oc) => oc.column('key').doUpdateSet({
      failures: sql<number>`case when ${expired} then 1 else ums_login_throttle.failures + 1 end`,
      window_start: sql<string>`case when ${expired} then ${nowText} else ums_login_throttle.window_start end`,
      locked_until: sql<string | null>`case when ${expired} then null else ums_login_throttle.locked_until end`,
    }))
    .returning(['failures', 'window_start'])
    .executeTakeFirstOrThrow();
  if (Number(row.failures) <= limits.maxFailures) return { allowed: true };
  const windowEnd = dbTimeMs(row.window_start) + limits.windowSeconds * 1000;
  await db.updateTable('ums_login_throttle').set({ locked_until: toDbTime(new Date(windowEnd)) })
    .where('key', '=', key).where('locked_until', 'is', null).execute();
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000)) };
};

/**
 * Counts one attempt against every key; refused if any key is over its limit (the longest wait
 * wins). Every key is counted even when an earlier one refuses, so the counts stay honest.
 */
export const beginAttempt = async (
  db: Kysely<Database>,
  keys: readonly { key: string; limits: ThrottleLimits }[],
): Promise<ThrottleDecision> => {
  const now = new Date();
  let wait = 0;
  for (const { key, limits } of keys) {
    const decision = await countAttempt(db, key, limits, now);
    if (!decision.allowed) wait = Math.max(wait, decision.retryAfterSeconds);
  }
  return wait > 0 ? { allowed: false, retryAfterSeconds: wait } : { allowed: true };
};

/** The attempt succeeded: forget the key's failures. */
export const clearKey = async (db: Kysely<Database>, key: string): Promise<void> => {
  await db.deleteFrom('ums_login_throttle').where('key', '=', key).execute();
};

/** The attempt succeeded: it was counted up front, so give it back (shared IPs keep their budget). */
export const refundAttempt = async (db: Kysely<Database>, key: string): Promise<void> => {
  await db.updateTable('ums_login_throttle')
    .set({ failures: sql<number>`case when failures > 0 then failures - 1 else 0 end` })
    .where('key', '=', key).execute();
};

/** Drops rows whose window ended long ago and that are not locked (keeps the table small). */
export const pruneThrottle = async (db: Kysely<Database>, windowSeconds: number): Promise<void> => {
  const cutoff = toDbTime(new Date(Date.now() - 2 * windowSeconds * 1000));
  await db.deleteFrom('ums_login_throttle').where('window_start', '<', cutoff).execute();
};
