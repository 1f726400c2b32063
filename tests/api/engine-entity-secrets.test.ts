// Protects: write-only secret fields: never in an answer, an audit row or a log line, stored encrypted (or hashed) and only read back by an area that asks.
/**
 * The engine's secret kinds on the fixture vault (tests/fixtures/engine.ts): an API key kept
 * encrypted and a PIN kept hashed. Every answer (create, update, get, list, listAll-style list),
 * every audit row and every log line is searched for the plain values; the stored columns hold
 * neither; an empty or absent value on update keeps the stored one; `readSecret` (what an area
 * calls) returns the plain key. If this fails, a secret leaks to whoever can read the record.
 */
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/auth/password';
import { createSecrets, readSecret } from '../../server/crud/secrets';
import { call } from '../helpers/api';
import { testDialects } from '../helpers/test-db';
import type { EngineFixture } from '../fixtures/engine';
import { engineFixture, fxVault } from '../fixtures/engine';

const API_KEY = 'sk-live-Qx81secretVALUE';
const NEW_KEY = 'sk-live-Zp42replacedVALUE';
const PIN = 'pin-Kr93correct-horse';
const NEW_PIN = 'pin-Wq17battery-staple';
const PLAIN = [API_KEY, NEW_KEY, PIN, NEW_PIN];

/** Fails when any plain value occurs in `text` (raw JSON of an answer, a row, the log). */
const expectNoPlain = (text: string, what: string) => {
  for (const plain of PLAIN) expect(text.includes(plain), `${what} holds ${plain}`).toBe(false);
};

describe.each(testDialects())('secret and password fields (%s)', (dialect) => {
  let fx: EngineFixture;
  const log: string[] = [];
  const answers: string[] = [];
  const post = async (url: string, body?: unknown) => {
    const answer = await call<unknown>(fx.app, 'POST', url, { body });
    answers.push(answer.raw);
    return answer;
  };
  const get = async (url: string) => {
    const answer = await call<unknown>(fx.app, 'GET', url);
    answers.push(answer.raw);
    return answer;
  };
  const stored = async (id: number) =>
    fx.db.selectFrom('fx_vault').selectAll().where('id', '=', id).executeTakeFirstOrThrow() as Promise<{ api_key: string | null; pin: string | null }>;

  beforeAll(async () => {
    const logStream = new Writable({ write(chunk, _encoding, done) { log.push(String(chunk)); done(); } });
    fx = await engineFixture(dialect, [fxVault], {}, { logStream });
  });
  afterAll(async () => { await fx?.close(); });

  it('create stores the key encrypted and the PIN hashed, and answers only whether each is set', async () => {
    const created = await post('/fxVault/create', { name: 'Shop A', apiKey: API_KEY, pin: PIN });
    expect(created.status, created.raw).toBe(200);
    // The PIN is required, so always stored: its record says nothing about it.
    expect(created.body.data).toEqual({ id: expect.any(Number), name: 'Shop A', apiKeySet: true });
    const id = (created.body.data as { id: number }).id;
    const row = await stored(id);
    expect(row.api_key).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    expect(row.pin).toMatch(/^\$argon2id\$/);
    expect((await verifyPassword(row.pin!, PIN)).ok).toBe(true);
    // A fresh IV per value: the same key sealed twice is stored differently.
    const twin = await post('/fxVault/create', { name: 'Shop B', apiKey: API_KEY, pin: PIN });
    expect((await stored((twin.body.data as { id: number }).id)).api_key).not.toBe(row.api_key);
    expect(await readSecret(fx.db, fx.secrets, fxVault, id, 'apiKey')).toBe(API_KEY);
  });

  it('reads, lists and list searches never carry a value, only `<field>Set` of an optional one', async () => {
    const created = await post('/fxVault/create', { name: 'No key', pin: PIN });
    const id = (created.body.data as { id: number }).id;
    expect(created.body.data).toMatchObject({ apiKeySet: false });
    const one = await get(`/fxVault/${id}`);
    expect(one.body.data).toEqual({ id, name: 'No key', apiKeySet: false });
    const list = await get('/fxVault/list?pageSize=100');
    const rows = (list.body.data as { list: Record<string, unknown>[] }).list;
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(['apiKeySet', 'id', 'name']);
    expect(await readSecret(fx.db, fx.secrets, fxVault, id, 'apiKey')).toBeNull();
  });

  it('an empty or absent value on update keeps the stored one; a new one replaces it', async () => {
    const id = ((await post('/fxVault/create', { name: 'Keep', apiKey: API_KEY, pin: PIN })).body.data as { id: number }).id;
    const before = await stored(id);
    for (const body of [{ name: 'Kept 1' }, { name: 'Kept 2', apiKey: '', pin: '' }, { name: 'Kept 3', apiKey: null, pin: null }, { apiKey: '' }]) {
      const answer = await post(`/fxVault/update/${id}`, body);
      expect(answer.status, `${JSON.stringify(body)}: ${answer.raw}`).toBe(200);
      expect(await stored(id), JSON.stringify(body)).toMatchObject({ api_key: before.api_key, pin: before.pin });
    }
    // Posting back the record as read (with `apiKeySet`) is harmless, like other read-only keys.
    expect((await post(`/fxVault/update/${id}`, { name: 'Posted back', apiKeySet: true })).status).toBe(200);
    expect((await post(`/fxVault/update/${id}`, { apiKey: NEW_KEY, pin: NEW_PIN })).status).toBe(200);
    const after = await stored(id);
    expect(after.api_key).not.toBe(before.api_key);
    expect(await readSecret(fx.db, fx.secrets, fxVault, id, 'apiKey')).toBe(NEW_KEY);
    expect((await verifyPassword(after.pin!, NEW_PIN)).ok).toBe(true);
    expect((await verifyPassword(after.pin!, PIN)).ok).toBe(false);
  });

  it('bad values are refused on the field and change nothing', async () => {
    const id = ((await post('/fxVault/create', { name: 'Strict', apiKey: API_KEY, pin: PIN })).body.data as { id: number }).id;
    const before = await stored(id);
    const cases: [string, unknown, string][] = [
      ['/fxVault/create', { name: 'No pin' }, 'pin'],
      ['/fxVault/create', { name: 'Empty pin', pin: '' }, 'pin'],
      ['/fxVault/create', { name: 'Short pin', pin: 'short' }, 'pin'],
      [`/fxVault/update/${id}`, { apiKey: 'abc' }, 'apiKey'],
      [`/fxVault/update/${id}`, { apiKey: 12345 }, 'apiKey'],
      [`/fxVault/update/${id}`, { pin: 'x'.repeat(129) }, 'pin'],
      [`/fxVault/update/${id}`, { apiKey: `${API_KEY}\u0000` }, 'apiKey'],
    ];
    for (const [url, body, field] of cases) {
      const answer = await post(url, body);
      expect(answer.status, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(answer.body.errors?.map((e) => e.field), answer.raw).toEqual([field]);
    }
    expect(await stored(id)).toEqual(before);
  });

  it('a stored value opens only with its key and column', () => {
    const secrets = createSecrets(randomBytes(32), async (plain) => plain);
    const sealed = secrets.seal(API_KEY, 'fx_vault.api_key');
    expect(secrets.open(sealed, 'fx_vault.api_key')).toBe(API_KEY);
    expect(() => secrets.open(sealed, 'fx_vault.other')).toThrow();
    expect(() => fx.secrets.open(sealed, 'fx_vault.api_key')).toThrow();
  });

  it('a password is never read back, not even by an area', async () => {
    await expect(readSecret(fx.db, fx.secrets, fxVault, 1, 'pin')).rejects.toThrow(/password/);
  });

  it('no answer, audit row or log line holds a plain value', async () => {
    expect(answers.length).toBeGreaterThan(10);
    for (const raw of answers) expectNoPlain(raw, 'an answer');
    const audit = await fx.db.selectFrom('sys_audit_log').selectAll().where('entity', '=', 'fx_vault').execute();
    expect(audit.length).toBeGreaterThan(5);
    for (const row of audit) {
      expectNoPlain(JSON.stringify(row), 'an audit row');
      // Nor the stored forms: the audit trail keeps whether a value is set, not what was stored.
      expect(JSON.stringify(row)).not.toMatch(/v1:|\$argon2/);
    }
    expect(log.length).toBeGreaterThan(10);
    expectNoPlain(log.join(''), 'the log');
  });
});
