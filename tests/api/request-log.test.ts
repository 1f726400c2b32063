// Protects: the server logs one line per API request (method, path, status, time) and none for the admin's static files at `info`; `debug` shows the files too.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-db';
import { createTestApp } from '../helpers/test-db';

type Line = { level: number; msg: string; method?: string; url?: string; status?: number; ms?: number };

/** A built admin of two files, served by the app as `npm start` serves dist/. */
const staticDir = mkdtempSync(join(tmpdir(), 'request-log-'));
mkdirSync(join(staticDir, 'assets'));
writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>admin</title>');
writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log(1)');

const apps: TestApp[] = [];
const appWithLog = async (logLevel: 'info' | 'debug') => {
  const lines: Line[] = [];
  const logStream = new Writable({ write(chunk, _enc, done) { lines.push(JSON.parse(String(chunk)) as Line); done(); } });
  const t = await createTestApp('sqlite', { logLevel, staticDir }, { demo: false }, { logStream });
  apps.push(t);
  lines.length = 0;
  return { app: t.app, lines };
};

/** One API call that succeeds, one refused, the page and a file of the admin. */
const browse = async (app: TestApp['app']) => {
  expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  expect((await app.inject({ method: 'GET', url: '/api/order/list?pageNum=1' })).statusCode).toBe(401);
  expect((await app.inject({ method: 'GET', url: '/oms/order', headers: { accept: 'text/html' } })).statusCode).toBe(200);
  expect((await app.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
};

const requestLines = (lines: Line[]) => lines.map((l) => [l.msg, l.method, l.url, l.status]);

describe('request log', () => {
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
    rmSync(staticDir, { recursive: true, force: true });
  });

  describe('at info (npm start)', () => {
    let log: Awaited<ReturnType<typeof appWithLog>>;
    beforeAll(async () => { log = await appWithLog('info'); });

    it('writes one line per API request with its status and time, a refused one included, and none for the admin\'s files', async () => {
      await browse(log.app);
      expect(requestLines(log.lines)).toEqual([
        ['request', 'GET', '/api/health', 200],
        ['request', 'GET', '/api/order/list', 401],
      ]);
      expect(log.lines.every((l) => typeof l.ms === 'number')).toBe(true);
    });
  });

  describe('at debug', () => {
    let log: Awaited<ReturnType<typeof appWithLog>>;
    beforeAll(async () => { log = await appWithLog('debug'); });

    it('also writes the page and file requests, still one line each', async () => {
      await browse(log.app);
      expect(requestLines(log.lines.filter((l) => l.msg === 'request'))).toEqual([
        ['request', 'GET', '/api/health', 200],
        ['request', 'GET', '/api/order/list', 401],
        ['request', 'GET', '/oms/order', 200],
        ['request', 'GET', '/assets/app.js', 200],
      ]);
    });
  });
});
