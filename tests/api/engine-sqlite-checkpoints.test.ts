// Protects: the server's SQLite WAL checkpoints run on a thread of their own (server/db/sqlite-checkpoints.ts): with the server connection's automatic checkpoint pushed back, the database file still receives the committed pages within seconds, and closing the database stops the thread.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { AnyKysely } from '../../server/db/index';
import { createDb, sqliteHandleOf } from '../../server/db/index';

const waitFor = async (condition: () => boolean, ms: number): Promise<boolean> => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return condition();
};

describe('SQLite checkpoints on a thread of their own', () => {
  it('copies committed pages into the database file without the server connection checkpointing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'checkpoints-'));
    const filename = join(dir, 'app.sqlite');
    const db = createDb({ database: { dialect: 'sqlite', filename } }, { backgroundCheckpoints: true }) as unknown as AnyKysely;
    try {
      expect(sqliteHandleOf(db)!.pragma('wal_autocheckpoint', { simple: true })).toBe(10_000);
      await sql`create table t (id integer primary key, body text)`.execute(db);
      const before = statSync(filename).size;
      // ~2 MB in many commits: far below the connection's own checkpoint (10,000 pages), so only the thread copies it.
      for (let n = 0; n < 200; n += 1) await sql`insert into t (body) values (${'x'.repeat(10_000)})`.execute(db);
      expect(await waitFor(() => statSync(filename).size > before + 1_000_000, 15_000)).toBe(true);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
