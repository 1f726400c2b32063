// Protects: the scheduled-job runner (server/jobs/): one run per period across several runners
// sharing a database, failures recorded and retried next period, expired leases taken over, and
// the purge jobs removing exactly the dead rows. On SQLite and PostgreSQL.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREA_JOBS } from '../../server/areas/index';
import { throttleKeepSeconds } from '../../server/auth/throttle';
import { createDb } from '../../server/db/index';
import type { Database } from '../../server/db/schema';
import { toDbTime } from '../../server/db/time';
import { JOBS, purgeExpiredSessions, purgeLoginThrottle } from '../../server/jobs/index';
import type { Job, JobLogger, JobRunner } from '../../server/jobs/runner';
import { createJobRunner, defineJob } from '../../server/jobs/runner';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

const EVERY = 600;

/** A clock the test moves by hand. */
const manualClock = (start: string) => {
  let ms = new Date(start).getTime();
  return { now: () => new Date(ms), advance: (seconds: number) => { ms += seconds * 1000; } };
};

type LogLine = { level: 'info' | 'warn' | 'error'; data: Record<string, unknown>; message: string };
const recordingLog = (lines: LogLine[]): JobLogger => {
  const at = (level: LogLine['level']) => ((data: Record<string, unknown>, message: string) => { lines.push({ level, data, message }); }) as never;
  return { info: at('info'), warn: at('warn'), error: at('error') };
};

describe.each(testDialects())('scheduled jobs (%s)', (dialect) => {
  let t: TestApp;
  /** A second connection (pool) to the same database: what a second server process has. */
  let otherDb: Kysely<Database>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    otherDb = createDb(t.config);
  });
  afterAll(async () => {
    await otherDb.destroy();
    await t?.close();
  });

  const jobRow = (name: string) => t.db.selectFrom('sys_job').selectAll().where('name', '=', name).executeTakeFirstOrThrow();

  const twoRunners = (job: Job, clock: ReturnType<typeof manualClock>, lines: LogLine[] = []): [JobRunner, JobRunner] => [
    createJobRunner({ db: t.db, config: t.config, jobs: [job], log: recordingLog(lines), now: clock.now, owner: 'process-a' }),
    createJobRunner({ db: otherDb, config: t.config, jobs: [job], log: recordingLog(lines), now: clock.now, owner: 'process-b' }),
  ];

  it('runs a due job once per period when two processes race for its lease', async () => {
    let runs = 0;
    const job = defineJob({
      name: 'race-counter',
      everySeconds: EVERY,
      run: async ({ db }) => {
        // Work that takes a database round trip, so the other runner's claim lands meanwhile.
        await db.selectFrom('sys_job').select('name').execute();
        runs += 1;
        return `run ${runs}`;
      },
    });
    const clock = manualClock('2030-01-01T00:00:00.000Z');
    const [a, b] = twoRunners(job, clock);
    for (let period = 1; period <= 8; period += 1) {
      const outcomes = (await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()])).flat();
      expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
      expect(runs).toBe(period);
      // Within the period nobody runs it again.
      clock.advance(EVERY - 1);
      expect((await Promise.all([a.tick(), b.tick()])).flat().some((o) => o.ran)).toBe(false);
      clock.advance(1);
    }
    const row = await jobRow('race-counter');
    expect(row).toMatchObject({ run_count: 8, failure_count: 0, last_status: 'ok', last_message: 'run 8', lease_owner: null, lease_until: null });
  });

  it('records a failing run, logs it, and retries it the next period (not before)', async () => {
    let attempts = 0;
    const job = defineJob({
      name: 'flaky',
      everySeconds: EVERY,
      run: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('storage unreachable');
        return 'recovered';
      },
    });
    const clock = manualClock('2030-02-01T00:00:00.000Z');
    const lines: LogLine[] = [];
    const [a, b] = twoRunners(job, clock, lines);

    expect(await a.tick()).toEqual([{ job: 'flaky', ran: true, status: 'failed', message: 'Error: storage unreachable' }]);
    let row = await jobRow('flaky');
    expect(row).toMatchObject({ last_status: 'failed', last_message: 'Error: storage unreachable', failure_count: 1, run_count: 1, lease_owner: null });
    expect(row.next_run_time).toBe(toDbTime(new Date(clock.now().getTime() + EVERY * 1000)));
    expect(lines.find((l) => l.level === 'error')?.data).toMatchObject({ job: 'flaky' });

    expect((await Promise.all([a.tick(), b.tick()])).flat().some((o) => o.ran)).toBe(false);
    expect(attempts).toBe(1);

    clock.advance(EVERY);
    expect((await b.tick())[0]).toMatchObject({ ran: true, status: 'ok', message: 'recovered' });
    row = await jobRow('flaky');
    expect(row).toMatchObject({ last_status: 'ok', last_message: 'recovered', failure_count: 1, run_count: 2 });
    expect(lines.some((l) => l.level === 'info' && l.data.job === 'flaky')).toBe(true);
  });

  it('leaves a job leased by a live runner alone, and takes it over once the lease has expired', async () => {
    let runs = 0;
    const job = defineJob({ name: 'leased', everySeconds: EVERY, leaseSeconds: 120, run: async () => { runs += 1; } });
    const clock = manualClock('2030-03-01T00:00:00.000Z');
    const [a, b] = twoRunners(job, clock);
    await a.tick();
    expect(runs).toBe(1);
    clock.advance(EVERY);
    // A runner that claimed the run and then died: its lease is still live for 120 s.
    await t.db.updateTable('sys_job').set({ lease_owner: 'dead-process', lease_until: toDbTime(new Date(clock.now().getTime() + 120_000)) })
      .where('name', '=', 'leased').execute();
    expect(await b.runJobNow('leased')).toEqual({ job: 'leased', ran: false });
    expect(await b.tick()).toEqual([{ job: 'leased', ran: false }]);
    clock.advance(120);
    expect((await b.tick())[0]).toMatchObject({ ran: true, status: 'ok' });
    expect(runs).toBe(2);
    expect((await jobRow('leased')).lease_owner).toBeNull();
  });

  it('runJobNow runs a job that is not due yet', async () => {
    let runs = 0;
    const job = defineJob({ name: 'on-demand', everySeconds: EVERY, run: async () => { runs += 1; } });
    const clock = manualClock('2030-04-01T00:00:00.000Z');
    const [a] = twoRunners(job, clock);
    await a.tick();
    expect((await a.tick())[0]?.ran).toBe(false);
    expect((await a.runJobNow('on-demand')).ran).toBe(true);
    expect(runs).toBe(2);
    await expect(a.runJobNow('no-such-job')).rejects.toThrow('No job named no-such-job');
  });

  it('reads a period given as a function from the runner\'s settings', async () => {
    let runs = 0;
    const job = defineJob({ name: 'set-period', everySeconds: (config) => config.loginWindowSeconds, run: async () => { runs += 1; } });
    const clock = manualClock('2030-05-01T00:00:00.000Z');
    const period = 77;
    const runner = createJobRunner({ db: t.db, config: { ...t.config, loginWindowSeconds: period }, jobs: [job], log: recordingLog([]), now: clock.now });
    await runner.tick();
    expect(new Date((await jobRow('set-period')).next_run_time).getTime() - clock.now().getTime()).toBe(period * 1000);
    clock.advance(period - 1);
    expect((await runner.tick())[0]?.ran).toBe(false);
    clock.advance(1);
    expect((await runner.tick())[0]?.ran).toBe(true);
    expect(runs).toBe(2);
    const never = defineJob({ name: 'no-period', everySeconds: () => 0, run: async () => {} });
    expect(() => createJobRunner({ db: t.db, config: t.config, jobs: [never], log: recordingLog([]) })).toThrow('Job no-period: everySeconds must be positive');
  });

  it('refuses two jobs with one name', () => {
    const job = defineJob({ name: 'twice', everySeconds: 1, run: async () => {} });
    expect(() => createJobRunner({ db: t.db, config: t.config, jobs: [job, job], log: recordingLog([]) })).toThrow('Two jobs are named twice');
  });

  it('purges exactly the expired sessions', async () => {
    const now = new Date('2031-01-01T12:00:00.000Z');
    const admin = await t.db.selectFrom('ums_admin').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    const session = (id: string, expire: string, revoked: string | null = null) => ({
      id, admin_id: admin.id, create_time: '2031-01-01T00:00:00.000Z', expire_time: expire, revoked_time: revoked, ip: null, user_agent: null,
    });
    await t.db.deleteFrom('ums_admin_session').execute();
    await t.db.insertInto('ums_admin_session').values([
      session('expired-long-ago', '2030-12-01T00:00:00.000Z'),
      session('expired-just-now', '2031-01-01T11:59:59.999Z'),
      session('expires-now', '2031-01-01T12:00:00.000Z'),
      session('live', '2031-01-02T00:00:00.000Z'),
      session('revoked-but-unexpired', '2031-01-02T00:00:00.000Z', '2031-01-01T10:00:00.000Z'),
    ]).execute();
    const runner = createJobRunner({ db: t.db, config: t.config, jobs: [purgeExpiredSessions], log: recordingLog([]), now: () => now });
    expect(await runner.runJobNow(purgeExpiredSessions.name)).toMatchObject({ ran: true, status: 'ok', message: 'removed 2 rows from ums_admin_session' });
    const left = await t.db.selectFrom('ums_admin_session').select('id').orderBy('id').execute();
    expect(left.map((r) => r.id)).toEqual(['expires-now', 'live', 'revoked-but-unexpired']);
  });

  it('purges exactly the throttle rows whose window is long over and that hold no running lock', async () => {
    const now = new Date('2031-01-01T12:00:00.000Z');
    // Half the time a row is kept (the longest window or lock of any throttle key).
    const window = throttleKeepSeconds(t.config) / 2;
    const ago = (seconds: number) => toDbTime(new Date(now.getTime() - seconds * 1000));
    await t.db.deleteFrom('ums_login_throttle').execute();
    await t.db.insertInto('ums_login_throttle').values([
      { key: 'ip:old', failures: 3, window_start: ago(3 * window), locked_until: null },
      { key: 'ip:old-lock-over', failures: 30, window_start: ago(3 * window), locked_until: ago(window) },
      { key: 'ip:old-still-locked', failures: 30, window_start: ago(3 * window), locked_until: toDbTime(new Date(now.getTime() + 60_000)) },
      { key: 'ip:recent', failures: 1, window_start: ago(window), locked_until: null },
      { key: 'ip:at-cutoff', failures: 1, window_start: ago(2 * window), locked_until: null },
    ]).execute();
    const runner = createJobRunner({ db: t.db, config: t.config, jobs: [purgeLoginThrottle], log: recordingLog([]), now: () => now });
    expect((await runner.runJobNow(purgeLoginThrottle.name))).toMatchObject({ ran: true, status: 'ok', message: 'removed 2 rows from ums_login_throttle' });
    const left = await t.db.selectFrom('ums_login_throttle').select('key').orderBy('key').execute();
    expect(left.map((r) => r.key)).toEqual(['ip:at-cutoff', 'ip:old-still-locked', 'ip:recent']);
  });

  it('declares the real jobs once each; tests run them only on demand', () => {
    const all = [...JOBS, ...AREA_JOBS];
    expect(new Set(all.map((j) => j.name)).size).toBe(all.length);
    expect(t.config.jobsEnabled).toBe(false);
  });
});
