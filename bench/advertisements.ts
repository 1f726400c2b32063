/**
 * What bench:list and bench:memory share: a fresh database per dialect filled with generated
 * advertisements, in the bench's own process, before the server process starts on it.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../server/config';
import type { AnyKysely } from '../server/db/index';
import type { Database } from '../server/db/schema';

export type Dialect = 'sqlite' | 'postgres';

const BATCH = 1000;

/** A fresh, empty database of the dialect and a way to remove it. */
export const freshDatabase = async (dialect: Dialect, dir: string, serverUrl: string | undefined): Promise<{ target: DatabaseTarget; drop: () => Promise<void> }> => {
  if (dialect === 'sqlite') return { target: { dialect: 'sqlite', filename: join(dir, 'bench.sqlite') }, drop: async () => {} };
  const name = `bench_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try { await client.query(statement); } finally { await client.end(); }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return { target: { dialect: 'postgres', connectionString: url.toString() }, drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
};

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
