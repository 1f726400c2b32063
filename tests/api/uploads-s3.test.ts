// Protects: uploads kept in an S3-compatible bucket (S3_BUCKET): stored through @aws-sdk/client-s3 over HTTP, served back identical from our origin with safe headers, refused files never stored, demo images in the bucket.
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_RULES } from '../../src/schema/rules';
import type { FakeS3 } from '../fixtures/fake-s3';
import { startFakeS3 } from '../fixtures/fake-s3';
import { storeImages } from '../../server/seed/demo-content';
import { DEMO } from '../helpers/accounts';
import { countRows, login } from '../helpers/api';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 9)]);
const BUCKET = 'admin-uploads';

const multipartBody = (filename: string, content: Buffer) => {
  const boundary = '----vitest-s3-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

/** Files under a directory, recursively ([] when it does not exist). */
const filesUnder = async (dir: string): Promise<string[]> =>
  (await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])).filter((e) => e.isFile()).map((e) => e.name);

describe.each(testDialects())('uploads in an S3-compatible bucket (%s)', (dialect) => {
  let s3: FakeS3;
  let t: TestApp;
  let token: string;
  const bucket = () => s3.buckets.get(BUCKET)!;
  const putsSince = (from: number) => s3.requests.slice(from).filter((r) => r.startsWith('PUT '));

  beforeAll(async () => {
    s3 = await startFakeS3([BUCKET]);
    t = await createTestApp(dialect, {
      s3: { bucket: BUCKET, endpoint: s3.endpoint, region: 'us-east-1', accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, forcePathStyle: true },
      defaultQuotas: { shops: 1, molds: 5, products: 5, storageMb: 1 },
    });
    token = await login(t.app, DEMO.seller);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const upload = (filename: string, content: Buffer, as = token) => {
    const body = multipartBody(filename, content);
    return t.app.inject({ method: 'POST', url: '/api/minio/upload', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${as}` } });
  };

  it('stores a png or jpg in the bucket (not on disk) and serves it back identical, with our safe headers', async () => {
    for (const [name, bytes, ext, mime] of [['logo.png', PNG, 'png', 'image/png'], ['photo.jpg', JPEG, 'jpg', 'image/jpeg']] as const) {
      const answer = await upload(name, bytes);
      expect(answer.statusCode).toBe(200);
      const url = answer.json().data.url as string;
      expect(url).toMatch(new RegExp(`^/uploads/\\d{4}/\\d{2}/[0-9a-f-]{36}\\.${ext}$`));
      const stored = bucket().get(url.slice('/uploads/'.length));
      expect(stored?.body.equals(bytes)).toBe(true);
      expect(stored?.contentType).toBe(mime);

      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(bytes)).toBe(true);
      expect(served.headers).toMatchObject({
        'content-type': mime, 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'; sandbox",
        'cross-origin-resource-policy': 'same-origin', 'content-length': String(bytes.length),
      });
    }
    expect(await filesUnder(join(t.config.dataDir, 'uploads'))).toEqual([]);
  });

  it('served headers are ours whatever the bucket holds: the content type follows the checked extension', async () => {
    const answer = await upload('logo.png', PNG);
    const url = answer.json().data.url as string;
    const key = url.slice('/uploads/'.length);
    // Someone changes the object's type in the bucket: the admin still says image/png, nosniff.
    bucket().set(key, { ...bucket().get(key)!, contentType: 'text/html' });
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a wrong type or an oversize file before anything reaches the bucket, and records nothing', async () => {
    const before = { rows: await countRows(t.db, 'sys_upload'), objects: bucket().size, requests: s3.requests.length };
    const svg = await upload('evil.png', Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(svg.statusCode).toBe(400);
    expect(svg.json()).toMatchObject({ messageKey: 'invalid_image', errors: [{ field: 'file' }] });
    const big = await upload('big.png', Buffer.concat([PNG, Buffer.alloc(UPLOAD_RULES.maxBytes)]));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ messageKey: 'file_too_large' });
    expect({ rows: await countRows(t.db, 'sys_upload'), objects: bucket().size, requests: s3.requests.length }).toEqual(before);
  });

  it('an upload past the storage quota is removed from the bucket again: no object, no record', async () => {
    const staff = await login(t.app, DEMO.orderAdmin); // in no user group: the default 1 MB quota
    const role = await t.db.selectFrom('ums_role').select('id').where('code', '=', 'order_admin').executeTakeFirstOrThrow();
    const resource = await t.db.selectFrom('ums_resource').select('id').where('url', '=', '/minio/**').executeTakeFirstOrThrow();
    await t.db.insertInto('ums_role_resource_relation').values({ role_id: role.id, resource_id: resource.id }).execute();
    await t.db.updateTable('ums_permission_version').set({ version: sql<number>`version + 1` }).execute();
    const big = Buffer.concat([PNG, Buffer.alloc(700 * 1024, 1)]);
    expect((await upload('a.png', big, staff)).statusCode).toBe(200);
    const before = { rows: await countRows(t.db, 'sys_upload'), objects: bucket().size };
    const from = s3.requests.length;
    const refused = await upload('b.png', big, staff);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ messageKey: 'quota_exceeded' });
    // It was put, then deleted when its record was refused.
    const [put] = putsSince(from);
    expect(put).toBeDefined();
    expect(s3.requests.slice(from)).toContain(put!.replace('PUT', 'DELETE'));
    expect({ rows: await countRows(t.db, 'sys_upload'), objects: bucket().size }).toEqual(before);
  });

  it('the demo images are in the bucket and served from our origin', async () => {
    // What the demo seed does first (the whole demo catalog is too slow to seed for this).
    await storeImages(t.db, t.config);
    const shipped = readFileSync(join(import.meta.dirname, '..', '..', 'server', 'seed', 'images', 'brand-lotus.png'));
    expect(bucket().get('demo/brand-lotus.png')?.body.equals(shipped)).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: '/uploads/demo/brand-lotus.png' });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(shipped)).toBe(true);
  });

  it('a missing object is a 404, and a key the admin never writes is not even asked of the bucket', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/uploads/2020/01/00000000-0000-0000-0000-000000000000.png' })).statusCode).toBe(404);
    const from = s3.requests.length;
    for (const url of ['/uploads/2020/01/x.svg', '/uploads/%2e%2e/secrets-key', '/uploads/demo/.hidden.png', '/uploads/']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    expect(s3.requests.slice(from)).toEqual([]);
  });
});
