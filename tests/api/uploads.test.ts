import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_RULES } from '../../src/schema/rules';
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
    token = await login(t.app, 'seller', 'seller123');
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
