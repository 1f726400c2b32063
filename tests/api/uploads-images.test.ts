// Protects: uploads: only real jpg/png by content, size cap, per-account rate and storage quota, safe file names and headers, CORS and PUBLIC_URL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UPLOAD_RULES } from '../../src/schema/rules';
import { DEMO } from '../helpers/accounts';
import { countRows, login } from '../helpers/api';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);

const multipartBody = (filename: string, content: Buffer, contentType = 'image/png') => {
  const boundary = '----vitest-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

describe.each(testDialects())('POST /api/minio/upload (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    token = await login(t.app, DEMO.seller);
  });
  afterAll(async () => t?.close());

  const upload = (filename: string, content: Buffer, auth = true) => {
    const body = multipartBody(filename, content);
    return t.app.inject({
      method: 'POST', url: '/api/minio/upload', payload: body.payload,
      headers: { ...body.headers, ...(auth ? { authorization: `Bearer ${token}` } : {}) },
    });
  };

  it('stores a png or jpg, records it, and serves it with safe headers', async () => {
    const before = await countRows(t.db, 'sys_upload');
    for (const [name, bytes, ext] of [['logo.png', PNG, 'png'], ['photo.jpeg', JPEG, 'jpg']] as const) {
      const answer = await upload(name, bytes);
      expect(answer.statusCode).toBe(200);
      const data = answer.json().data as { url: string; name: string };
      expect(data.name).toBe(name);
      expect(data.url).toMatch(new RegExp(`^/uploads/\\d{4}/\\d{2}/[0-9a-f-]{36}\\.${ext}$`));
      const served = await t.app.inject({ method: 'GET', url: data.url });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(bytes)).toBe(true);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toContain('sandbox');
    }
    expect(await countRows(t.db, 'sys_upload')).toBe(before + 2);
    const row = await t.db.selectFrom('sys_upload').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ mime_type: 'image/jpeg', size_bytes: JPEG.length });
  });

  it('refuses anything that is not a jpg or png by content, whatever its name', async () => {
    const before = await countRows(t.db, 'sys_upload');
    const answer = await upload('evil.png', Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 404, messageKey: 'invalid_image', errors: [{ field: 'file', messageKey: 'invalid_image' }] });
    expect(await countRows(t.db, 'sys_upload')).toBe(before);
  });

  it('refuses a file over the size limit with 413', async () => {
    const before = await countRows(t.db, 'sys_upload');
    const big = Buffer.concat([PNG, Buffer.alloc(UPLOAD_RULES.maxBytes)]);
    const answer = await upload('big.png', big);
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toMatchObject({ messageKey: 'file_too_large' });
    expect(await countRows(t.db, 'sys_upload')).toBe(before);
  });

  it('needs a signed-in caller and a file', async () => {
    expect((await upload('logo.png', PNG, false)).statusCode).toBe(401);
    const empty = await t.app.inject({ method: 'POST', url: '/api/minio/upload', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: '{}' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ messageKey: 'file_required' });
  });
});

describe.each(testDialects())('uploads: quotas and rate for every account (%s)', (dialect) => {
  let t: TestApp;
  let clock = Date.parse('2030-03-01T00:00:00.000Z');
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(clock);
    t = await createTestApp(dialect, { uploadMaxPerMinute: 3, defaultQuotas: { shops: 1, molds: 5, products: 5, storageMb: 1 } });
  });
  afterAll(async () => {
    await t?.close();
    vi.useRealTimers();
  });
  const upload = (token: string, content: Buffer, filename = 'logo.png') => {
    const body = multipartBody(filename, content);
    return t.app.inject({ method: 'POST', url: '/api/minio/upload', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
  };

  it('each account may upload UPLOAD_MAX_PER_MINUTE files a minute, then 429 with Retry-After; nothing stored', async () => {
    const token = await login(t.app, DEMO.productAdmin);
    for (let i = 0; i < 3; i += 1) expect((await upload(token, PNG)).statusCode).toBe(200);
    const files = await countRows(t.db, 'sys_upload');
    const rows = await countRows(t.db, 'ums_login_throttle');
    const refused = await upload(token, PNG);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ messageKey: 'too_many_requests', data: { retryAfter: 60 } });
    expect(refused.headers['retry-after']).toBe('60');
    expect(await countRows(t.db, 'sys_upload')).toBe(files);
    expect(await countRows(t.db, 'ums_login_throttle')).toBe(rows);
    // Another account has its own budget; the next minute this one has its budget back.
    expect((await upload(await login(t.app, DEMO.admin), PNG)).statusCode).toBe(200);
    clock += 61_000;
    vi.setSystemTime(clock);
    expect((await upload(token, PNG)).statusCode).toBe(200);
  });

  it('an account outside every group gets the default storage quota (super admins excepted)', async () => {
    const staff = await login(t.app, DEMO.orderAdmin); // in no user group
    const role = await t.db.selectFrom('ums_role').select('id').where('code', '=', 'order_admin').executeTakeFirstOrThrow();
    const upload = await t.db.selectFrom('ums_resource').select('id').where('url', '=', '/minio/**').executeTakeFirstOrThrow();
    await t.db.insertInto('ums_role_resource_relation').values({ role_id: role.id, resource_id: upload.id }).execute();
    await t.db.updateTable('ums_permission_version').set({ version: sql<number>`version + 1` }).execute();
    const big = Buffer.concat([PNG, Buffer.alloc(700 * 1024, 1)]);
    const first = await uploadAs(staff, big);
    expect(first.statusCode).toBe(200);
    const second = await uploadAs(staff, big);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ messageKey: 'quota_exceeded', params: { what: 'storage', quota: 1 } });
    const admin = await login(t.app, DEMO.admin);
    clock += 61_000;
    vi.setSystemTime(clock);
    for (let i = 0; i < 2; i += 1) expect((await uploadAs(admin, big)).statusCode).toBe(200);
  });

  const uploadAs = (token: string, content: Buffer) => upload(token, content);

  it('a file name with control characters (NUL) is kept as a label with those replaced', async () => {
    clock += 61_000;
    vi.setSystemTime(clock);
    const token = await login(t.app, DEMO.seller);
    // (A lone surrogate cannot travel in a multipart header: UTF-8 has no bytes for it.)
    const answer = await upload(token, PNG, 'lo\u0000go\u0007.png');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.name).toBe('lo_go_.png');
  });
});

describe.each(testDialects())('CORS_ORIGINS and PUBLIC_URL (%s)', (dialect) => {
  let t: TestApp;
  let plain: TestApp;
  const allowed = 'https://shop.example.com';
  beforeAll(async () => {
    t = await createTestApp(dialect, { corsOrigins: [allowed, 'http://localhost:5173'], publicUrl: 'https://admin.example.com' });
    plain = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
    await plain?.close();
  });
  const preflight = (app: TestApp, origin: string) => app.app.inject({
    method: 'OPTIONS', url: '/api/brand/list',
    headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
  });

  it('answers preflights for allowed origins, and gives other origins no CORS headers', async () => {
    const ok = await preflight(t, allowed);
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe(allowed);
    expect(String(ok.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    expect(String(ok.headers['access-control-allow-methods'])).toContain('POST');
    const other = await preflight(t, 'https://evil.example.net');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const none = await preflight(plain, allowed);
    expect(none.headers['access-control-allow-origin']).toBeUndefined();

    const token = await login(t.app, DEMO.admin);
    const list = await t.app.inject({ method: 'GET', url: '/api/brand/list', headers: { origin: allowed, authorization: `Bearer ${token}` } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['access-control-allow-origin']).toBe(allowed);
    expect(String(list.headers['access-control-expose-headers'])).toContain('Retry-After');
    const foreign = await t.app.inject({ method: 'GET', url: '/api/brand/list', headers: { origin: 'https://evil.example.net', authorization: `Bearer ${token}` } });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('upload answers carry an absolute URL under PUBLIC_URL, and the file may be shown by the allowed origins', async () => {
    const token = await login(t.app, DEMO.seller);
    const body = multipartBody('logo.png', PNG);
    const answer = await t.app.inject({ method: 'POST', url: '/api/minio/upload', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}`, origin: allowed } });
    expect(answer.statusCode).toBe(200);
    const url = answer.json().data.url as string;
    expect(url).toMatch(/^https:\/\/admin\.example\.com\/uploads\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: new URL(url).pathname, headers: { origin: allowed } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(served.headers['access-control-allow-origin']).toBe(allowed);

    // Without CORS_ORIGINS the files stay same-origin and the URL relative (works where the admin is served).
    const plainToken = await login(plain.app, DEMO.seller);
    const local = await plain.app.inject({ method: 'POST', url: '/api/minio/upload', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${plainToken}` } });
    const localUrl = local.json().data.url as string;
    expect(localUrl).toMatch(/^\/uploads\//);
    expect((await plain.app.inject({ method: 'GET', url: localUrl })).headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('stored upload paths (a logo, a comma-joined album) are answered under PUBLIC_URL, and kept as paths', async () => {
    const token = await login(t.app, DEMO.admin);
    const headers = { authorization: `Bearer ${token}` };
    const created = await t.app.inject({ method: 'POST', url: '/api/brand/create', headers, payload: { name: 'Public URL brand', logo: '/uploads/demo/logo.png' } });
    expect(created.json().data.logo).toBe('https://admin.example.com/uploads/demo/logo.png');
    const topic = await t.app.inject({ method: 'POST', url: '/api/subject/create', headers, payload: { title: 'Public URL topic', albumPics: '/uploads/a.png,/uploads/b.png' } });
    expect(topic.json().data.albumPics, topic.body).toBe('https://admin.example.com/uploads/a.png,https://admin.example.com/uploads/b.png');
    // Stored as sent: the same record read without PUBLIC_URL keeps its paths.
    const stored = await t.db.selectFrom('pms_brand').select('logo').where('id', '=', created.json().data.id).executeTakeFirstOrThrow();
    expect(stored.logo).toBe('/uploads/demo/logo.png');
  });
});
