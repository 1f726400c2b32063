/**
 * The scheduled jobs the server runs (server/main.ts starts them when JOBS_ENABLED). Add a job
 * here; see docs/guide/jobs.md.
 */
import { throttleKeepSeconds } from '../auth/throttle';
import { toDbTime } from '../db/time';
import { deliverOutbox } from './mail';
import { purgeJob } from './purge';
import type { Job } from './runner';

const HOUR = 3600;

/** Sessions past their expiry: a token naming one is refused anyway (server/auth/sessions.ts). */
export const purgeExpiredSessions = purgeJob({
  name: 'purge-expired-sessions',
  everySeconds: HOUR,
  table: 'ums_admin_session',
  cutoffs: ({ now }) => [{ column: 'expire_time', before: toDbTime(now) }],
});

/**
 * Throttle rows (sign-in, registration, upload) older than every window and lock, holding no
 * running lock: they no longer count towards any limit (server/auth/throttle.ts).
 */
export const purgeLoginThrottle = purgeJob({
  name: 'purge-login-throttle',
  everySeconds: HOUR,
  table: 'ums_login_throttle',
  cutoffs: ({ now, config }) => [
    { column: 'window_start', before: toDbTime(new Date(now.getTime() - throttleKeepSeconds(config) * 1000)) },
    { column: 'locked_until', before: toDbTime(now), orNull: true },
  ],
});

export const JOBS: readonly Job[] = [purgeExpiredSessions, purgeLoginThrottle, deliverOutbox];
