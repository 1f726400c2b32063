// Protects: HTTP behaviour of the app: health check, request ids, security headers, history fallback, JSON 404s, no internals in 500s, HTTP_200_ENVELOPES.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { DEMO, freshIp } from '../helpers/accounts';
import { call, login } from '../helpers/api';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

/** The page's one inline script, and its hash as a CSP source (worked out apart from the server's code). */
const INLINE = 'document.title = "drawn";';
const INLINE_SOURCE = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;

describe.each(testDialects())('HTTP behaviour (%s)', (dialect) => {
  let t: TestApp;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'admin-static-'));
    mkdirSync(join(staticDir, 'assets'));
    writeFileSync(join(staticDir, 'index.html'), `<!doctype html><title>fake admin</title><script type="module" src="/assets/index-abc123.js"></script><script type="module" async>${INLINE}</script>`);
    writeFileSync(join(staticDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    t = await createTestApp(dialect, { staticDir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('GET /api/health checks the database', async () => {
    const answer = await call(t.app, 'GET', '/api/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ code: 200, message: 'Operation succeeded', data: { status: 'up', database: 'up', dialect } });
  });

  it('echoes a sane x-request-id and makes one up otherwise', async () => {
    const mine = await call(t.app, 'GET', '/api/health', { headers: { 'x-request-id': 'abc-123' } });
    expect(mine.headers['x-request-id']).toBe('abc-123');
    const junk = await call(t.app, 'GET', '/api/health', { headers: { 'x-request-id': 'bad id <script>' } });
    expect(junk.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const error = await call(t.app, 'GET', '/api/nope', { headers: { 'x-request-id': 'err-1' } });
    expect(error.headers['x-request-id']).toBe('err-1');
  });

  it('sets security headers (CSP for the built admin, nosniff, frame denial)', async () => {
    for (const url of ['/api/health', '/']) {
      const answer = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const csp = String(answer.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      // The built page's inline script runs by its hash, and nothing else inline does.
      expect(csp).toContain(`script-src 'self' ${INLINE_SOURCE};`);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).not.toContain('unsafe-eval');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('serves the admin with history fallback, but unknown API routes stay JSON 404s', async () => {
    const deep = await t.app.inject({ method: 'GET', url: '/ums/admin', headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['content-type']).toContain('text/html');
    expect(deep.headers['cache-control']).toBe('no-cache');
    expect(deep.body).toContain('fake admin');

    const root = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(root.statusCode).toBe(200);
    expect(root.headers['cache-control']).toBe('no-cache');

    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    // (`/api/admin/nope` would be GET /admin/{id}, mall's account read: a route, not an unknown URL.)
    for (const url of ['/api/nope', '/api/admin/nope/deeper', '/api']) {
      const api = await call(t.app, 'GET', url, { headers: { accept: 'text/html' } });
      expect(api.status).toBe(404);
      expect(api.headers['content-type']).toContain('application/json');
      expect(api.body).toEqual({ code: 404, message: 'No such API route', data: null, messageKey: 'route_not_found' });
    }
    const missingFile = await call(t.app, 'GET', '/assets/missing.js', { headers: { accept: '*/*' } });
    expect(missingFile.status).toBe(404);
    expect(missingFile.body.messageKey).toBe('not_found');
    const post = await call(t.app, 'POST', '/ums/admin', { headers: { accept: 'text/html' } });
    expect(post.status).toBe(404);
  });

  it('unknown API routes answer 404 whatever the method, before any auth', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const answer = await call(t.app, method, '/api/does/not/exist', { body: method === 'POST' ? { a: 1 } : undefined });
      expect(answer.status).toBe(404);
      expect(answer.body.messageKey).toBe('route_not_found');
    }
    // A POST-only route asked with GET (GET /admin/login would be GET /admin/{id}).
    const wrongMethod = await call(t.app, 'GET', '/api/admin/updateStatus/1');
    expect(wrongMethod.status).toBe(404);
    expect(wrongMethod.body.code).toBe(404);
  });

  it('a forced 500 shows no stack or internals (they go to the log)', async () => {
    const app = buildApp(t.config, { db: t.db });
    app.get('/api/test/boom', async () => {
      throw new Error('secret internals at /srv/app/server/x.ts:12 password=hunter2');
    });
    app.get('/api/test/boom-string', async () => {
      throw 'a thrown string';
    });
    try {
      for (const url of ['/api/test/boom', '/api/test/boom-string']) {
        const answer = await call(app, 'GET', url);
        expect(answer.status).toBe(500);
        expect(answer.body).toEqual({ code: 500, message: 'Something went wrong on the server', data: null, messageKey: 'internal' });
        expect(answer.raw).not.toMatch(/secret|stack|\.ts|hunter2|thrown string/);
      }
    } finally {
      await app.close();
    }
  });

  it('HTTP_200_ENVELOPES answers every envelope with HTTP 200 (codes unchanged)', async () => {
    const app = buildApp({ ...t.config, http200Envelopes: true }, { db: t.db });
    try {
      const bad = await call(app, 'POST', '/api/admin/login', { body: { username: DEMO.admin.username, password: 'wrong-one' }, ip: freshIp() });
      expect(bad.status).toBe(200);
      expect(bad.body).toMatchObject({ code: 500, messageKey: 'bad_credentials' });
      const anon = await call(app, 'GET', '/api/admin/info');
      expect(anon.status).toBe(200);
      expect(anon.body.code).toBe(401);
      const invalid = await call(app, 'POST', '/api/admin/login', { body: '{oops', headers: { 'content-type': 'application/json' } });
      expect(invalid.status).toBe(200);
      expect(invalid.body).toMatchObject({ code: 404, messageKey: 'malformed_json' });
      const route = await call(app, 'GET', '/api/nope');
      expect(route.status).toBe(200);
      expect(route.body.messageKey).toBe('route_not_found');
      const token = await login(app, DEMO.admin);
      expect((await call(app, 'GET', '/api/admin/info', { token })).body.code).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers every API request with an envelope', async () => {
    const token = await login(t.app, DEMO.admin);
    const requests: [string, 'GET' | 'POST', unknown?, string?][] = [
      ['/api/health', 'GET'],
      ['/api/admin/info', 'GET', undefined, token],
      ['/api/admin/info', 'GET'],
      ['/api/admin/refreshToken', 'GET', undefined, token],
      ['/api/admin/login', 'POST', {}],
      ['/api/admin/register', 'POST', { username: 'x' }],
      ['/api/admin/updatePassword', 'POST', {}, token],
      ['/api/admin/updatePassword', 'POST', {}],
      ['/api/nothing', 'GET'],
      ['/api/admin/logout', 'POST', undefined, token],
    ];
    for (const [url, method, body, auth] of requests) {
      const answer = await call(t.app, method, url, { body, token: auth });
      expect(typeof answer.body.code, url).toBe('number');
      expect(typeof answer.body.message, url).toBe('string');
      expect(answer.body, url).toHaveProperty('data');
      if (answer.body.code !== 200) expect(typeof answer.body.messageKey, url).toBe('string');
    }
  });
});
