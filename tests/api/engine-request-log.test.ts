// Protects: the server logs one line per API request (method, path, status, time), a refused permission, a failed sign-in and a server error included (their reason on that line), and none for the admin's static files or uploaded files at `info`; `debug` shows the files too, `warn` only the requests with a warning.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-db';
import { createTestApp } from '../helpers/test-db';
import type { Config } from '../../server/config';
import { uploadStoreOf } from '../../server/areas/uploads/storage';
import { DEMO_SELLER } from '../../server/seed/index';
import { call, login } from '../helpers/api';

type Line = { level: number; msg: string; method?: string; url?: string; status?: number; ms?: number; note?: string };

/** A built admin of two files, served by the app as `npm start` serves dist/. */
const staticDir = mkdtempSync(join(tmpdir(), 'request-log-'));
mkdirSync(join(staticDir, 'assets'));
writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>admin</title>');
writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log(1)');

const apps: TestApp[] = [];
const appWithLog = async (logLevel: 'info' | 'debug' | 'warn', overrides: Partial<Config> = {}) => {
  const lines: Line[] = [];
  const logStream = new Writable({ write(chunk, _enc, done) { lines.push(JSON.parse(String(chunk)) as Line); done(); } });
  const t = await createTestApp('sqlite', { logLevel, staticDir, ...overrides }, { demo: true }, { logStream });
  apps.push(t);
  // An uploaded file, as the upload route stores it (served under /uploads/ like the demo's images).
  await uploadStoreOf(t.config).put('demo/proof.png', Buffer.from('89504e470d0a1a0a', 'hex'), 'image/png');
  const seller = await login(t.app, DEMO_SELLER);
  lines.length = 0;
  return { app: t.app, lines, seller };
};

/**
 * One API call that succeeds, one unauthenticated, one refused for want of a permission (a seller
 * listing admins), a failed sign-in, the page, a file of the admin and an uploaded file.
 */
const browse = async (app: TestApp['app'], seller: string) => {
  expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  expect((await app.inject({ method: 'GET', url: '/api/order/list?pageNum=1' })).statusCode).toBe(401);
  expect((await call(app, 'GET', '/api/admin/list?pageNum=1', { token: seller })).status).toBe(403);
  expect((await call(app, 'POST', '/api/admin/login', { body: { username: 'admin', password: 'not-the-password' } })).status).not.toBe(200);
  expect((await app.inject({ method: 'GET', url: '/oms/order', headers: { accept: 'text/html' } })).statusCode).toBe(200);
  expect((await app.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
  expect((await app.inject({ method: 'GET', url: '/uploads/demo/proof.png' })).statusCode).toBe(200);
};

const requestLines = (lines: Line[]) => lines.map((l) => [l.msg, l.method, l.url, l.status]);

/** The lines `browse` writes for its API calls, in order (a refused sign-in's status is whatever it answers). */
const API_LINES = [
  ['request', 'GET', '/api/health', 200],
  ['request', 'GET', '/api/order/list', 401],
  ['request', 'GET', '/api/admin/list', 403],
  ['request', 'POST', '/api/admin/login', expect.any(Number)],
];

describe('request log', () => {
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
    rmSync(staticDir, { recursive: true, force: true });
  });

  describe('at info (npm start)', () => {
    let log: Awaited<ReturnType<typeof appWithLog>>;
    beforeAll(async () => { log = await appWithLog('info'); });

    it('writes one line per API request with its status and time, refused ones included, and none for the admin\'s or uploaded files', async () => {
      await browse(log.app, log.seller);
      expect(requestLines(log.lines)).toEqual(API_LINES);
      expect(log.lines.every((l) => typeof l.ms === 'number')).toBe(true);
      // A security event keeps its reason and level (warn), on the request's own line.
      expect(log.lines.slice(2).map((l) => [l.level, l.note])).toEqual([[40, 'permission denied'], [40, 'sign-in failed']]);
    });

    it('writes a failed call of a provider on its request\'s one line, with the error', async () => {
      // PayPal unreachable (nothing listens on port 9): the order route answers 502.
      const down = await appWithLog('info', { paypal: { apiBase: 'http://127.0.0.1:9', clientId: 'demo-client', clientSecret: 'demo-secret', webhookId: null } });
      const applied = await call<{ id: number }>(down.app, 'POST', '/api/vip/apply', { token: down.seller, body: { plan: 1, channel: 'paypal' } });
      expect(applied.status).toBe(200);
      down.lines.length = 0;
      expect((await call(down.app, 'POST', `/api/vip/paypal/order/${applied.body.data.id}`, { token: down.seller })).status).toBe(502);
      const written = down.lines as (Line & { err?: { message?: string } })[];
      expect(written.map((l) => [l.msg, l.level, l.status, l.note, typeof l.err?.message])).toEqual([['request', 50, 502, 'PayPal call failed; server problem', 'string']]);
    });
  });

  describe('at debug', () => {
    let log: Awaited<ReturnType<typeof appWithLog>>;
    beforeAll(async () => { log = await appWithLog('debug'); });

    it('also writes the page and file requests, still one line each', async () => {
      await browse(log.app, log.seller);
      expect(requestLines(log.lines)).toEqual([
        ...API_LINES,
        ['request', 'GET', '/oms/order', 200],
        ['request', 'GET', '/assets/app.js', 200],
        ['request', 'GET', '/uploads/demo/proof.png', 200],
      ]);
    });
  });

  describe('at warn', () => {
    let log: Awaited<ReturnType<typeof appWithLog>>;
    beforeAll(async () => { log = await appWithLog('warn'); });

    it('writes only the requests with a warning, one line each', async () => {
      await browse(log.app, log.seller);
      expect(requestLines(log.lines)).toEqual([
        ['request', 'GET', '/api/admin/list', 403],
        ['request', 'POST', '/api/admin/login', expect.any(Number)],
      ]);
    });
  });
});
