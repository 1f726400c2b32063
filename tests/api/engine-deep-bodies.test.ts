// Protects: a JSON body nested past the depth cap answers 400 too_deep on every POST route (signed in or anonymous, the payment notifies included), in both languages, with no stack trace in the log.
/**
 * A 40 KB body of 20,000 nested brackets parsed fine, then overflowed the stack of every walk
 * that recursed per level (the unsafe-text check first): a 500 on every POST, sign-in and the
 * payment notifies included. The raw text is now refused before parsing. If this fails, a tiny
 * anonymous request costs a stack overflow and a 500 with its trace in the log.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/schema/api';
import { errorsZh } from '../../src/i18n/errors';
import { MAX_BODY_DEPTH } from '../../server/http/body-shape';
import { hasUnsafeText } from '../../src/schema/validation';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';
import { login } from '../helpers/api';
import { DEMO } from '../helpers/accounts';

const JSON_TYPE = { 'content-type': 'application/json' };
const arrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const objects = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

describe.each(testDialects())('deep bodies (%s)', (dialect) => {
  let t: TestApp;
  let token = '';
  let posts: string[] = [];
  const lines: string[] = [];
  beforeAll(async () => {
    const logStream = new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } });
    t = await createTestApp(dialect, { logLevel: 'info', apiDocs: true }, { demo: true }, { logStream });
    token = await login(t.app, DEMO.admin);
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    posts = Object.entries(docs.paths).filter(([, methods]) => 'post' in methods).map(([path]) => `/api${path.replace(/\{[^}]+\}/g, '1')}`);
  }, 60_000);
  afterAll(async () => { await t.close(); });

  it('every POST route, with and without a token, answers 400 too_deep to 20,000 levels; the log holds no stack', async () => {
    expect(posts.length).toBeGreaterThan(100);
    expect(posts).toEqual(expect.arrayContaining(['/api/admin/login', '/api/admin/register', '/api/rms/click', '/api/vip/wechat/notify', '/api/vip/alipay/notify']));
    lines.length = 0;
    const bad: string[] = [];
    for (const url of posts) {
      for (const headers of [JSON_TYPE, { ...JSON_TYPE, authorization: `Bearer ${token}` }] as Record<string, string>[]) {
        const payload = url.length % 2 ? arrays(20_000) : objects(20_000);
        const answer = await t.app.inject({ method: 'POST', url, payload, headers });
        const body = answer.json<{ messageKey?: string }>();
        // An anonymous call to a guarded route may be refused first (401); never a 500.
        if (!(answer.statusCode === 400 && body.messageKey === 'too_deep') && !(answer.statusCode === 401 && !headers.authorization)) {
          bad.push(`${url} ${answer.statusCode} ${answer.body.slice(0, 120)}`);
        }
      }
    }
    expect(bad).toEqual([]);
    expect(lines.filter((line) => line.includes('"stack"') || line.includes('RangeError'))).toEqual([]);
  });

  it('the cap is a depth, not a size: a body at the cap is parsed (validated as usual), one level more is refused', async () => {
    const at = await t.app.inject({ method: 'POST', url: '/api/brand/create', payload: `{"name":${arrays(MAX_BODY_DEPTH - 1)}}`, headers: { ...JSON_TYPE, authorization: `Bearer ${token}` } });
    expect(at.statusCode).toBe(400);
    expect(at.json<{ messageKey: string }>().messageKey).toBe('validation_failed');
    const past = await t.app.inject({ method: 'POST', url: '/api/brand/create', payload: `{"name":${arrays(MAX_BODY_DEPTH)}}`, headers: { ...JSON_TYPE, authorization: `Bearer ${token}` } });
    expect(past.statusCode).toBe(400);
    expect(past.json<{ messageKey: string; message: string }>()).toMatchObject({ messageKey: 'too_deep', message: MESSAGES.too_deep.replace('{max}', String(MAX_BODY_DEPTH)) });
    // Brackets inside strings are text, not depth.
    const text = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: JSON.stringify({ username: '['.repeat(5_000), password: 'x' }), headers: JSON_TYPE });
    expect(text.json<{ messageKey: string }>().messageKey).not.toBe('too_deep');
  });
});

describe('the message and the walk', () => {
  it('too_deep has its Chinese text', () => {
    expect(errorsZh.too_deep).toContain('%{max}');
  });

  it('the unsafe-text check walks 100,000 levels without recursing', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = i % 2 ? [deep] : { k: deep };
    expect(hasUnsafeText(deep)).toBe(true);
  });
});
