// Protects: sign-in and registration never answer 5xx or write anything for malformed JSON, wrong types, oversize bodies, foreign content types or generated bodies (SQLite and PostgreSQL).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { freshIp } from '../helpers/accounts';
import { call, snapshotCounts } from '../helpers/api';
import { apiSuite } from '../helpers/api-suite';
import { testDialects } from '../helpers/test-db';

const JSON_TYPE = { 'content-type': 'application/json' };

describe.each(testDialects())('bad input never causes a 5xx or a write (%s)', (dialect) => {
  const suite = apiSuite(dialect);

  const endpoints = ['/api/admin/login', '/api/admin/register', '/api/admin/updatePassword'];

  it('malformed JSON -> 400 malformed_json', async () => {
    const before = await snapshotCounts(suite.db);
    for (const url of endpoints) {
      for (const payload of ['{"username":', '{username: "a"}', "{'a':1}", 'undefined', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}']) {
        const answer = await call(suite.app, 'POST', url, { body: payload, headers: JSON_TYPE, token: suite.token });
        expect(answer.status, `${url} ${payload}`).toBe(400);
        expect(answer.body, `${url} ${payload}`).toMatchObject({ code: 404, messageKey: 'malformed_json', data: null });
      }
    }
    const empty = await call(suite.app, 'POST', '/api/admin/login', { body: '', headers: JSON_TYPE });
    expect(empty.status).toBe(400);
    expect(await snapshotCounts(suite.db)).toEqual(before);
  });

  it('wrong types and missing fields -> 400 validation_failed with field errors', async () => {
    const before = await snapshotCounts(suite.db);
    const wrong = await call(suite.app, 'POST', '/api/admin/login', { body: { username: 123, password: true } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 404, messageKey: 'validation_failed', message: 'Validation failed' });
    expect(wrong.body.errors).toEqual([
      { field: 'username', messageKey: 'invalid_type', message: 'Wrong type' },
      { field: 'password', messageKey: 'invalid_type', message: 'Wrong type' },
    ]);
    const missing = await call(suite.app, 'POST', '/api/admin/login', { body: { username: 'admin' } });
    expect(missing.body.errors).toEqual([{ field: 'password', messageKey: 'required', message: 'Required' }]);
    const noBody = await call(suite.app, 'POST', '/api/admin/login');
    expect(noBody.status).toBe(400);
    expect(noBody.body.errors?.map((e) => e.field)).toEqual(['username', 'password']);
    for (const body of [[], [1, 2], 'just a string', 42, null, true]) {
      const answer = await call(suite.app, 'POST', '/api/admin/register', { body: JSON.stringify(body), headers: JSON_TYPE });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.messageKey).toBe('validation_failed');
    }
    const longName = await call(suite.app, 'POST', '/api/admin/login', { body: { username: 'x'.repeat(65), password: 'p'.repeat(129) } });
    expect(longName.body.errors?.map((e) => [e.field, e.messageKey])).toEqual([['username', 'too_long'], ['password', 'too_long']]);
    expect(await snapshotCounts(suite.db)).toEqual(before);
  });

  it('a body over BODY_LIMIT_BYTES -> 413 body_too_large', async () => {
    const before = await snapshotCounts(suite.db);
    const big = JSON.stringify({ username: 'x', password: 'y', pad: 'z'.repeat(suite.t.config.bodyLimitBytes) });
    for (const url of endpoints) {
      const answer = await call(suite.app, 'POST', url, { body: big, headers: JSON_TYPE, token: suite.token });
      expect(answer.status).toBe(413);
      expect(answer.body).toMatchObject({ code: 404, messageKey: 'body_too_large' });
    }
    const form = await call(suite.app, 'POST', '/api/admin/login', { body: `username=a&password=${'b'.repeat(suite.t.config.bodyLimitBytes)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(413);
    expect(await snapshotCounts(suite.db)).toEqual(before);
  });

  it('a content type other than JSON or form -> 415', async () => {
    const before = await snapshotCounts(suite.db);
    for (const type of ['text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/octet-stream']) {
      const answer = await call(suite.app, 'POST', '/api/admin/register', { body: 'username=a', headers: { 'content-type': type } });
      expect(answer.status, type).toBe(415);
      expect(answer.body).toMatchObject({ code: 404, messageKey: 'unsupported_media_type' });
    }
    expect(await snapshotCounts(suite.db)).toEqual(before);
  });

  it('property: generated bodies at login and register never give a 5xx and only a success writes', async () => {
    const jsonValue = fc.oneof(
      fc.anything({ maxDepth: 3 }),
      fc.record({
        username: fc.oneof(fc.string({ maxLength: 80 }), fc.integer(), fc.constant(null), fc.constant('admin')),
        password: fc.oneof(fc.string({ maxLength: 140 }), fc.boolean(), fc.array(fc.string())),
        email: fc.oneof(fc.string(), fc.emailAddress()),
        code: fc.oneof(fc.string(), fc.constant(''), fc.constant(null), fc.integer()),
        status: fc.integer(),
      }, { requiredKeys: [] }),
    );
    // Well-formed bodies too, so the property also covers the paths past validation:
    // password checks, the throttle, duplicate names, invite codes and real registrations.
    const plausible = fc.record({
      username: fc.oneof(fc.constant('admin'), fc.constant('seller'), fc.stringMatching(/^[a-z][a-z0-9]{1,12}$/)),
      password: fc.string({ minLength: 6, maxLength: 40 }),
      email: fc.emailAddress().filter((e) => e.length <= 100),
      code: fc.option(fc.stringMatching(/^[A-Z0-9]{4,10}$/), { nil: undefined }),
    }, { requiredKeys: ['username', 'password', 'email'] });
    const payload = fc.oneof(
      plausible.map((v) => ({ body: JSON.stringify(v), type: 'application/json' })),
      jsonValue.map((v) => ({ body: JSON.stringify(v) ?? 'null', type: 'application/json' })),
      fc.string({ maxLength: 200 }).map((s) => ({ body: s, type: 'application/json' })),
      fc.string({ maxLength: 200 }).map((s) => ({ body: s, type: 'application/x-www-form-urlencoded' })),
    );
    const statuses = new Map<number, number>();
    await fc.assert(fc.asyncProperty(fc.constantFrom('/api/admin/login', '/api/admin/register'), payload, async (url, { body, type }) => {
      const before = await snapshotCounts(suite.db);
      const answer = await call(suite.app, 'POST', url, { body, headers: { 'content-type': type }, ip: freshIp() });
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      expect(answer.status).toBeLessThan(500);
      expect(typeof answer.body.code).toBe('number');
      const after = await snapshotCounts(suite.db);
      if (answer.status !== 200) expect(after).toEqual(before);
      else if (url === '/api/admin/register') expect(after.ums_admin).toBe(before.ums_admin + 1);
    }), { numRuns: 120 });
    if (process.env.DEBUG_PROPERTY) console.log(JSON.stringify([...statuses]));
    // The generator reaches past validation too (password checks, throttle), not only 400s.
    expect(statuses.get(400) ?? 0).toBeGreaterThan(0);
    expect((statuses.get(401) ?? 0) + (statuses.get(429) ?? 0) + (statuses.get(409) ?? 0)).toBeGreaterThan(0);
  });
});
