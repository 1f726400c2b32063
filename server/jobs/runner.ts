/**
 * The scheduled-job runner. Every server process runs one; the `sys_job` row of a job is its
 * lease, so with several processes each due run happens once:
 *
 * - a run starts only after one conditional UPDATE claims the row (`next_run_time` is due and no
 *   live lease). That single statement is atomic on both dialects (SQLite serialises writers;
 *   PostgreSQL re-checks the WHERE clause on the row a concurrent claimer just changed), so of two
 *   racing runners exactly one sees "1 row updated";
 * - finishing writes the outcome and the next due time (start + everySeconds) and frees the lease,
 *   failed or not: a failed run is recorded and retried next period, not in a tight loop;
 * - a process that dies mid-run leaves a lease that expires after `leaseSeconds`, and another
 *   runner takes over. That, and a crash between the work and its record, can repeat a run:
 *   jobs must be idempotent (a purge by expiry is).
 *
 * Time comes from an injectable clock, and `tick()` / `runJobNow()` run jobs on demand, so tests
 * never sleep. `start()` (server/main.ts, when JOBS_ENABLED) only adds a timer that calls tick().
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { toDbTime } from '../db/time';

export type JobLogger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export type JobContext = {
  db: Kysely<Database>;
  config: Config;
  /** The runner's clock at the start of the run: jobs compare with this, not with `new Date()`. */
  now: Date;
  log: JobLogger;
};

export type Job = {
  /** Unique; the key of the job's `sys_job` row. */
  readonly name: string;
  /** The period; a function reads it from the settings (the runner's config) when the runner is made. */
  readonly everySeconds: number | ((config: Config) => number);
  /** How long a claimed run may take before another runner may assume it died. Default 300. */
  readonly leaseSeconds?: number;
  /** Does the work (idempotently); the answer is a short summary recorded as the run's message. */
  readonly run: (ctx: JobContext) => Promise<string | void>;
};

export const defineJob = (job: Job): Job => job;

type JobOutcome =
  | { job: string; ran: false }
  | { job: string; ran: true; status: 'ok' | 'failed'; message: string | null };

export type JobRunner = {
  /** Runs every job that is due and not leased elsewhere, one after another. */
  tick: () => Promise<JobOutcome[]>;
  /** Runs one job now, due or not, unless another runner holds its lease. */
  runJobNow: (name: string) => Promise<JobOutcome>;
  /** Polls with tick() until stop(); ticks never overlap. */
  start: () => void;
  /** Stops polling and waits for a running tick to finish (graceful shutdown). */
  stop: () => Promise<void>;
  readonly owner: string;
};

type JobRunnerOptions = {
  db: Kysely<Database>;
  config: Config;
  jobs: readonly Job[];
  log: JobLogger;
  /** Identifies this runner in lease rows; default: a random id per runner. */
  owner?: string;
  now?: () => Date;
  /** Poll interval of start(); default: the shortest job period, between 1 and 60 seconds. */
  pollSeconds?: number;
};

const DEFAULT_LEASE_SECONDS = 300;
const MESSAGE_MAX = 1000;

const later = (from: Date, seconds: number): string => toDbTime(new Date(from.getTime() + seconds * 1000));

const describeError = (error: unknown): string =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, MESSAGE_MAX);

/**
 * How often the runner looks for due jobs: as often as its most frequent job runs (so no job waits
 * past its period), at least every second and at most every minute.
 */
export const pollSecondsOf = (periods: readonly number[]): number => (periods.length ? Math.min(60, Math.max(1, Math.min(...periods))) : 60);

export const createJobRunner = (options: JobRunnerOptions): JobRunner => {
  const { db, config, jobs, log } = options;
  const owner = options.owner ?? `${process.pid}-${randomUUID()}`;
  const clock = options.now ?? (() => new Date());
  // Each job with its period resolved against this runner's settings, once.
  const byName = new Map<string, Job & { readonly everySeconds: number }>();
  for (const job of jobs) {
    if (byName.has(job.name)) throw new Error(`Two jobs are named ${job.name}`);
    const everySeconds = typeof job.everySeconds === 'function' ? job.everySeconds(config) : job.everySeconds;
    if (!(everySeconds > 0)) throw new Error(`Job ${job.name}: everySeconds must be positive`);
    byName.set(job.name, { ...job, everySeconds });
  }
  const known = new Set<string>();

  /** The job's row, due at once when new; racing inserts of the same name are harmless. */
  const ensureRow = async (job: Job, now: Date): Promise<void> => {
    if (known.has(job.name)) return;
    await db.insertInto('sys_job')
      .values({ name: job.name, next_run_time: toDbTime(now), run_count: 0, failure_count: 0 })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    known.add(job.name);
  };

  /** The one atomic claim: true when this runner now holds the lease. */
  const claim = async (job: Job, now: Date, force: boolean): Promise<boolean> => {
    await ensureRow(job, now);
    const nowText = toDbTime(now);
    let claimQuery = db.updateTable('sys_job')
      .set({ lease_owner: owner, lease_until: later(now, job.leaseSeconds ?? DEFAULT_LEASE_SECONDS) })
      .where('name', '=', job.name)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', nowText)]));
    if (!force) claimQuery = claimQuery.where('next_run_time', '<=', nowText);
    const result = await claimQuery.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  };

  const runClaimed = async (job: Job & { readonly everySeconds: number }, startedAt: Date): Promise<JobOutcome> => {
    let status: 'ok' | 'failed' = 'ok';
    let message: string | null = null;
    try {
      message = (await job.run({ db, config, now: startedAt, log }))?.slice(0, MESSAGE_MAX) ?? null;
    } catch (error) {
      status = 'failed';
      message = describeError(error);
      log.error({ job: job.name, err: error }, `job ${job.name} failed`);
    }
    const endedAt = clock();
    const durationMs = endedAt.getTime() - startedAt.getTime();
    const recorded = await db.updateTable('sys_job')
      .set({
        lease_owner: null,
        lease_until: null,
        next_run_time: later(startedAt, job.everySeconds),
        last_start_time: toDbTime(startedAt),
        last_end_time: toDbTime(endedAt),
        last_status: status,
        last_message: message,
        run_count: sql<number>`run_count + 1`,
        failure_count: status === 'failed' ? sql<number>`failure_count + 1` : sql<number>`failure_count`,
      })
      .where('name', '=', job.name)
      .where('lease_owner', '=', owner)
      .executeTakeFirst();
    if (Number(recorded.numUpdatedRows) !== 1) {
      // The lease ran out mid-run and another runner may have started the job too.
      log.warn({ job: job.name, durationMs }, `job ${job.name} outlived its lease; its outcome is not recorded`);
    } else if (status === 'ok') {
      log.info({ job: job.name, durationMs, result: message }, `job ${job.name} done`);
    }
    return { job: job.name, ran: true, status, message };
  };

  const runIfClaimed = async (job: Job & { readonly everySeconds: number }, force: boolean): Promise<JobOutcome> => {
    const now = clock();
    if (!(await claim(job, now, force))) return { job: job.name, ran: false };
    return runClaimed(job, now);
  };

  const tick = async (): Promise<JobOutcome[]> => {
    const outcomes: JobOutcome[] = [];
    for (const job of byName.values()) outcomes.push(await runIfClaimed(job, false));
    return outcomes;
  };

  const runJobNow = async (name: string): Promise<JobOutcome> => {
    const job = byName.get(name);
    if (!job) throw new Error(`No job named ${name}`);
    return runIfClaimed(job, true);
  };

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const pollMs = 1000 * (options.pollSeconds ?? pollSecondsOf([...byName.values()].map((j) => j.everySeconds)));

  const pollOnce = (): void => {
    if (running) return;
    running = tick()
      .catch((error: unknown) => { log.error({ err: error }, 'job runner tick failed'); })
      .finally(() => { running = null; });
  };

  return {
    owner,
    tick,
    runJobNow,
    start: () => {
      if (timer || byName.size === 0) return;
      timer = setInterval(pollOnce, pollMs);
      timer.unref();
      pollOnce();
    },
    stop: async () => {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
};
