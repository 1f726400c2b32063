/**
 * Attempt counting in the database (ums_login_throttle), so every server process shares the
 * counters: sign-in failures, registrations, invite-link clicks and PayPal webhook deliveries per
 * address, and uploads per account. Each key (`pair:<account>|<ip>`, `account:<name>`, `ip:<address>`,
 * `register:<ip>`, `click:…`, `paypal-webhook:<ip>`, `upload:<id>`)
 * has a fixed window and a limit.
 *
 * - A key is blocked while its window holds `max` attempts, or while it is locked (`locked_until`).
 * - A refused attempt is decided by a read alone: it counts nothing and adds no row, so a
 *   blocked address sending thousands of requests cannot grow the table.
 * - An allowed attempt is counted BEFORE the work it guards (the password check), in one atomic
 *   upsert per key, so a burst of parallel attempts cannot slip past the limit between "check"
 *   and "record": whoever lands past the limit is refused.
 * - `lockSpent` (a failed sign-in) locks every key that used up its window; keys with
 *   `maxLockSeconds` lock for the window doubled per earlier lock-out (growing delays, capped).
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { dbTimeMs, toDbTime } from '../db/time';

/** The window of the per-account upload rate (UPLOAD_MAX_PER_MINUTE). */
export const UPLOAD_WINDOW_SECONDS = 60;

export type Limit = {
  key: string;
  max: number;
  windowSeconds: number;
  /** Growing delays: each lock-out of this key lasts twice the previous, up to this many seconds. */
  maxLockSeconds?: number;
};

type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number; key: string };

const norm = (value: string): string => value.trim().toLowerCase().slice(0, 200);
export const accountKey = (username: string): string => `account:${norm(username)}`;
export const ipKey = (ip: string | null | undefined): string => `ip:${ip ?? 'unknown'}`;
export const pairKey = (username: string, ip: string | null | undefined): string => `pair:${norm(username)}|${ip ?? 'unknown'}`;

type Row = { key: string; failures: number; window_start: string; locked_until: string | null; lockouts: number };

const waitSeconds = (untilMs: number, nowMs: number): number => Math.max(1, Math.ceil((untilMs - nowMs) / 1000));

/** How long `row` still blocks under `limit` at `now` (ms), or 0. */
const blockedUntil = (row: Pick<Row, 'failures' | 'window_start' | 'locked_until'>, limit: Limit, now: number): number => {
  const locked = row.locked_until ? dbTimeMs(row.locked_until) : 0;
  if (locked > now) return locked;
  const windowEnd = dbTimeMs(row.window_start) + limit.windowSeconds * 1000;
  return windowEnd > now && Number(row.failures) >= limit.max ? windowEnd : 0;
};

/** Read-only: the first limit that blocks at `now` (the longest wait), or allowed. */
const checkLimits = async (db: Kysely<Database>, limits: readonly Limit[], now = new Date()): Promise<ThrottleDecision> => {
  if (!limits.length) return { allowed: true };
  const rows = await db.selectFrom('ums_login_throttle').selectAll().where('key', 'in', limits.map((l) => l.key)).execute();
  let worst: { until: number; key: string } | null = null;
  for (const limit of limits) {
    const row = rows.find((r) => r.key === limit.key);
    const until = row ? blockedUntil(row, limit, now.getTime()) : 0;
    if (until && (!worst || until > worst.until)) worst = { until, key: limit.key };
  }
  return worst ? { allowed: false, retryAfterSeconds: waitSeconds(worst.until, now.getTime()), key: worst.key } : { allowed: true };
};

/** Counts one attempt on `limit.key`; answers the count in the current window. */
const countOne = async (db: Kysely<Database>, limit: Limit, now: Date): Promise<Row> => {
  const nowText = toDbTime(now);
  const cutoff = toDbTime(new Date(now.getTime() - limit.windowSeconds * 1000));
  // A window that ended, or a lock that ran out, starts a fresh window (lockouts are remembered).
  const fresh = sql<boolean>`(ums_login_throttle.window_start <= ${cutoff} or (ums_login_throttle.locked_until is not null and ums_login_throttle.locked_until <= ${nowText} and ums_login_throttle.failures >= ${limit.max}))`;
  return db.insertInto('ums_login_throttle')
    .values({ key: limit.key, failures: 1, window_start: nowText, locked_until: null, lockouts: 0 })
    .onConflict((oc) => oc.column('key').doUpdateSet({
      failures: sql<number>`case when ${fresh} then 1 else ums_login_throttle.failures + 1 end`,
      window_start: sql<string>`case when ${fresh} then ${nowText} else ums_login_throttle.window_start end`,
    }))
    .returningAll()
    .executeTakeFirstOrThrow() as Promise<Row>;
};

/**
 * Checks, then counts one attempt against every limit, in order. Refused without any write when
 * a limit blocks already; refused when a parallel attempt took the last place first (counting
 * stops at that key, so later keys are not charged for an attempt that never ran).
 */
export const beginAttempt = async (db: Kysely<Database>, limits: readonly Limit[], now = new Date()): Promise<ThrottleDecision> => {
  const check = await checkLimits(db, limits, now);
  if (!check.allowed) return check;
  for (const limit of limits) {
    const row = await countOne(db, limit, now);
    if (Number(row.failures) > limit.max) {
      const windowEnd = dbTimeMs(row.window_start) + limit.windowSeconds * 1000;
      const locked = row.locked_until ? dbTimeMs(row.locked_until) : 0;
      return { allowed: false, retryAfterSeconds: waitSeconds(Math.max(windowEnd, locked), now.getTime()), key: limit.key };
    }
  }
  return { allowed: true };
};

/**
 * After a failed attempt: every key whose window is used up gets locked, for the window, or (with
 * `maxLockSeconds`) for the window times 2^(earlier lock-outs), capped. Answers the locks set.
 */
export const lockSpent = async (
  db: Kysely<Database>, limits: readonly Limit[], now = new Date(),
): Promise<{ key: string; seconds: number }[]> => {
  if (!limits.length) return [];
  const rows = await db.selectFrom('ums_login_throttle').selectAll().where('key', 'in', limits.map((l) => l.key)).execute();
  const locked: { key: string; seconds: number }[] = [];
  for (const limit of limits) {
    const row = rows.find((r) => r.key === limit.key);
    if (!row || Number(row.failures) < limit.max) continue;
    if (row.locked_until && dbTimeMs(row.locked_until) > now.getTime()) continue;
    const seconds = limit.maxLockSeconds
      ? Math.min(limit.maxLockSeconds, limit.windowSeconds * 2 ** Math.min(Number(row.lockouts), 30))
      : limit.windowSeconds;
    const until = toDbTime(new Date(now.getTime() + seconds * 1000));
    const changed = await db.updateTable('ums_login_throttle').set({ locked_until: until, lockouts: sql<number>`lockouts + 1` })
      .where('key', '=', limit.key)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', toDbTime(now))]))
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) > 0) locked.push({ key: limit.key, seconds });
  }
  return locked;
};

/** The attempt succeeded: forget the key (failures and lock-outs). */
export const clearKey = async (db: Kysely<Database>, key: string): Promise<void> => {
  await db.deleteFrom('ums_login_throttle').where('key', '=', key).execute();
};

/** The attempt succeeded: it was counted up front, so give it back (shared addresses keep their budget). */
export const refundAttempt = async (db: Kysely<Database>, key: string): Promise<void> => {
  await db.updateTable('ums_login_throttle')
    .set({ failures: sql<number>`case when failures > 0 then failures - 1 else 0 end` })
    .where('key', '=', key).execute();
};

/**
 * How long a throttle row must be kept after its window started (the purge job in server/jobs
 * deletes older rows that hold no running lock): the longest window of any key, and the longest
 * lock, so growing delays remember a key's lock-outs until it has been quiet that long.
 */
export const throttleKeepSeconds = (config: Pick<Config, 'loginWindowSeconds' | 'loginMaxLockSeconds' | 'registerWindowSeconds' | 'clickWindowSeconds' | 'paypalWebhookWindowSeconds'>): number =>
  Math.max(2 * config.loginWindowSeconds, config.loginMaxLockSeconds, config.registerWindowSeconds, config.clickWindowSeconds, config.paypalWebhookWindowSeconds, UPLOAD_WINDOW_SECONDS);
