/**
 * SQLite's WAL checkpoints on a thread of their own. A checkpoint copies the WAL's pages into the
 * database file and syncs it; run by the server's connection (SQLite's automatic checkpoint, at
 * the commit that passes 1,000 WAL pages) it blocks the one thread every request runs on for as
 * long as the disk takes to sync. A worker thread with its own connection checkpoints instead,
 * PASSIVE (it never waits on the server's readers or writer), every `everyMs`; the server's
 * connection checkpoints by itself only if the WAL grows past `fallbackPages` (the worker stuck).
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

const WORKER = `
const { workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.filename);
db.pragma('busy_timeout = 1000');
setInterval(() => { try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy: the next one */ } }, workerData.everyMs);
`;

/** Starts the checkpoints' thread for `sqlite` (a file in WAL mode); returns what stops it. */
export const checkpointInBackground = (sqlite: SQLite.Database, filename: string, options: { everyMs?: number; fallbackPages?: number } = {}): (() => void) => {
  sqlite.pragma(`wal_autocheckpoint = ${options.fallbackPages ?? 10_000}`);
  const module = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, { eval: true, workerData: { module, filename, everyMs: options.everyMs ?? 1000 } });
  // It never keeps the process alive, and a failure of its own (a file gone) leaves the fallback.
  worker.unref();
  worker.on('error', () => undefined);
  return () => { void worker.terminate(); };
};
