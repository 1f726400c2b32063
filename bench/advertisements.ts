/**
 * What bench:list and bench:memory share: generated advertisements, inserted in the bench's own
 * process into a fresh database (bench/setup.ts freshDatabase) before the server process starts on it.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Config } from '../server/config';
import type { AnyKysely } from '../server/db/index';
import { createDb, dialectOf } from '../server/db/index';
import { migrateToLatest } from '../server/migrate';
import type { Database } from '../server/db/schema';
import { seed } from '../server/seed/index';

const BATCH = 1000;

/** `rows` advertisements in one transaction, BATCH rows per INSERT; returns how many have type 0 and status 1 (the bench:list filter). */
export const insertAdvertisements = async (db: Kysely<Database>, rowCount: number): Promise<number> => {
  const anyDb = db as unknown as AnyKysely;
  let matching = 0;
  await anyDb.transaction().execute(async (trx) => {
    for (let start = 0; start < rowCount; start += BATCH) {
      const rows = [];
      for (let i = start; i < Math.min(start + BATCH, rowCount); i += 1) {
        const type = i % 2;
        const status = i % 4 < 2 ? 1 : 0;
        if (type === 0 && status === 1) matching += 1;
        const startTime = new Date(Date.UTC(2024, 0, 1) + (i % 365) * 86_400_000);
        rows.push({
          name: `Advertisement ${i}`, type, pic: `/uploads/ad-${i}.png`,
          start_time: startTime.toISOString(), end_time: new Date(startTime.getTime() + 30 * 86_400_000).toISOString(),
          status, click_count: i % 97, order_count: i % 13, url: `https://example.com/ad/${i}`, note: null, sort: (i * 7919) % 1000,
        });
      }
      await trx.insertInto('sms_home_advertise').values(rows).execute();
    }
  });
  return matching;
};

/** The server's RSS as the benches print it, MB. */
export const mb = (bytes: number): string => (bytes / 1e6).toFixed(0);

/**
 * The database of `config` migrated, demo-seeded and holding `rowCount` advertisements, with planner
 * statistics: a production table has them and a visibility map (autovacuum / ANALYZE keep them); a
 * table filled a second ago has neither, and the planner would plan and scan it blind. Returns
 * insertAdvertisements' count of the bench:list filter's rows.
 */
export const prepareAdvertisements = async (config: Config, rowCount: number): Promise<number> => {
  const db = createDb(config);
  try {
    await migrateToLatest(db);
    await seed(db, config, { demo: true });
    const matching = await insertAdvertisements(db, rowCount);
    if (dialectOf(db as unknown as AnyKysely) === 'postgres') await sql`vacuum analyze sms_home_advertise`.execute(db);
    else await sql`analyze`.execute(db);
    return matching;
  } finally {
    await db.destroy();
  }
};
