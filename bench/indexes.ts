/**
 * `npm run bench:indexes`: what the declared indexes (server/crud/indexes.ts) cost at start and
 * change for a cold list. Per dialect (as ./memory.ts chooses them): BENCH_ROWS (1,000,000)
 * advertisements with planner statistics, then the first page of lists sorted by a sortable field
 * other than the id, each read once through the engine's repository with empty caches (a new
 * connection pool: the list cache is per pool) — without the declared indexes, then the time
 * `ensureDeclaredIndexes` takes to make them for every declared entity, then the same pages again.
 * A second `ensureDeclaredIndexes` (a restart) is timed too.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Entity } from '../src/schema/engine/entity';
import { entityList } from '../src/schema/entities';
import { homeAdvertise } from '../src/schema/sms/advertise';
import { loadConfig } from '../server/config';
import { ensureDeclaredIndexes } from '../server/crud/indexes';
import { parseListQuery } from '../server/crud/list-params';
import { createRepository } from '../server/crud/repository';
import { ALL_SHOPS } from '../server/crud/scope';
import type { AnyKysely } from '../server/db/index';
import { createDb } from '../server/db/index';
import { prepareAdvertisements } from './advertisements';
import type { Dialect } from './setup';
import { benchDialects, freshDatabase, loadAverage, serverUrl } from './setup';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);

/** First pages of lists sorted by a sortable field, as the admin asks for them. */
const LISTS: Record<string, string>[] = [
  { sort: 'startTime', order: 'desc' },
  { sort: 'endTime', order: 'asc', type: '1' },
  { sort: 'startTime', order: 'asc', type: '0', status: '1' },
  { type: '0' },
  { status: '1', pageNum: '20' },
];

const pages = async (target: ReturnType<typeof loadConfig>['database'], label: string): Promise<void> => {
  const db = createDb({ database: target });
  try {
    const entity = homeAdvertise as unknown as Entity;
    const repo = createRepository(entity, { db, entities: entityList as unknown as Entity[] });
    for (const query of LISTS) {
      const params = parseListQuery(entity, { pageSize: '20', ...query });
      const started = performance.now();
      const { total } = await repo.list(params, ALL_SHOPS);
      const ms = performance.now() - started;
      process.stdout.write(`  ${label.padEnd(7)} ${new URLSearchParams(query).toString().padEnd(40)} ${ms.toFixed(0).padStart(6)} ms (${total} rows)\n`);
    }
  } finally {
    await db.destroy();
  }
};

const benchDialect = async (dialect: Dialect): Promise<void> => {
  const dir = mkdtempSync(join(tmpdir(), 'admin-bench-indexes-'));
  const database = await freshDatabase(dialect, dir, serverUrl());
  try {
    const env = { DATA_DIR: join(dir, 'data'), STATIC_DIR: join(dir, 'no-static'), LOG_LEVEL: 'warn', JWT_SECRET: randomBytes(48).toString('base64url') };
    const config = { ...loadConfig(env, dir), database: database.target };
    await prepareAdvertisements(config, ROWS);
    process.stdout.write(`${dialect}: ${ROWS} advertisements; load average ${loadAverage()}\n`);
    await pages(database.target, 'before');
    const db2 = createDb(config) as unknown as AnyKysely;
    try {
      let started = performance.now();
      const changes = await ensureDeclaredIndexes(db2, entityList as unknown as Entity[]);
      process.stdout.write(`  start: ${changes.created.length} declared indexes made in ${((performance.now() - started) / 1000).toFixed(1)} s `
        + `(${changes.skipped.length} served by hand indexes); load average ${loadAverage()}\n`);
      process.stdout.write(`    on sms_home_advertise: ${changes.created.filter((n) => n.includes('sms_home_advertise')).join(', ')}\n`);
      started = performance.now();
      const again = await ensureDeclaredIndexes(db2, entityList as unknown as Entity[]);
      process.stdout.write(`  restart: ${again.created.length} made, ${again.dropped.length} dropped in ${(performance.now() - started).toFixed(0)} ms\n`);
    } finally {
      await db2.destroy();
    }
    await pages(database.target, 'after');
  } finally {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
};

const main = async (): Promise<void> => {
  for (const dialect of benchDialects()) await benchDialect(dialect);
  process.stdout.write(`load average ${loadAverage()}\n`);
};

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exit(1);
});
