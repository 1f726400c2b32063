// Protects: the built admin is served precompressed (br / gzip with Vary) and source maps stay hidden unless SERVE_SOURCE_MAPS.
/**
 * The built admin goes out compressed: the build's precompress step (scripts/precompress.ts)
 * writes .br and .gz beside each file, and the server picks the variant the client accepts, with
 * `Vary: Accept-Encoding`. Source maps answer 404 unless SERVE_SOURCE_MAPS is on. Static files
 * do not touch the database, so this runs on SQLite only.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/precompress';
import type { TestApp } from '../helpers/test-db';
import { createTestApp } from '../helpers/test-db';

const HTML = `<!doctype html><html><head><title>admin</title><script type="module" src="/assets/index-abc.js"></script></head><body>${'<div id="root"></div>'.repeat(20)}</body></html>`;
const JS = `export const answer = () => ${JSON.stringify('x'.repeat(50))};\n`.repeat(40);

let staticDir: string;

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'admin-static-br-'));
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'index.html'), HTML);
  writeFileSync(join(staticDir, 'assets', 'index-abc.js'), JS);
  writeFileSync(join(staticDir, 'assets', 'index-abc.js.map'), '{"version":3,"sources":["src/main.tsx"],"mappings":""}');
  expect(await precompressDir(staticDir)).toBe(2);
});
afterAll(() => {
  rmSync(staticDir, { recursive: true, force: true });
});

describe('compressed admin files', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { staticDir });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('sends index.html and JS as %s with Vary: Accept-Encoding', async (encoding, decode) => {
    const accept = encoding === 'br' ? 'gzip, deflate, br' : 'gzip, deflate';
    for (const [url, original, type, headers] of [
      ['/assets/index-abc.js', JS, /javascript/, {}],
      ['/', HTML, /text\/html/, {}],
      // The history fallback (an admin route) sends the same compressed index.html.
      ['/pms/brand', HTML, /text\/html/, { accept: 'text/html' }],
    ] as const) {
      const response = await get(url, { 'accept-encoding': accept, ...headers });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe(encoding);
      expect(response.headers.vary, url).toMatch(/accept-encoding/i);
      expect(response.headers['content-type'], url).toMatch(type);
      expect(response.rawPayload.length, url).toBeLessThan(Buffer.byteLength(original));
      expect(decode(response.rawPayload).toString('utf8'), url).toBe(original);
    }
  });

  it('sends the plain file to a client that accepts no compression, still with Vary', async () => {
    const response = await get('/assets/index-abc.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body).toBe(JS);
  });

  it('answers 404 for source maps by default, even to a browser asking for HTML', async () => {
    const variants: Record<string, string>[] = [{}, { accept: 'text/html' }, { 'accept-encoding': 'br' }];
    for (const headers of variants) {
      const response = await get('/assets/index-abc.js.map', headers);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('sources');
    }
  });
});

describe('SERVE_SOURCE_MAPS=true', () => {
  it('serves the source maps', async () => {
    const t = await createTestApp('sqlite', { staticDir, serveSourceMaps: true });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js.map' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('src/main.tsx');
    } finally {
      await t.close();
    }
  });
});
