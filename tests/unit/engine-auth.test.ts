// Protects: password hashing (argon2id, mall bcrypt upgrade), HS256 token checks (also when remembered: same refusals, per secret, expiry still enforced) and secret removal from audit snapshots.
import bcrypt from 'bcryptjs';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashPassword, isBcryptHash, verifyPassword } from '../../server/auth/password';
import { bearerToken, signToken, verifyToken, verifyTokenOnce } from '../../server/auth/tokens';
import { withoutSecrets } from '../../server/db/audit';

const SECRET = 's'.repeat(48);

describe('passwords', () => {
  it('hashes with argon2id and verifies', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse')).toEqual({ ok: true, needsRehash: false });
    expect((await verifyPassword(hash, 'wrong horse')).ok).toBe(false);
  });

  it('verifies mall bcrypt hashes ($2a$, $2b$, $2y$) and asks for a re-hash', async () => {
    const base = bcrypt.hashSync('macro123', 4);
    for (const prefix of ['$2a$', '$2b$', '$2y$']) {
      const hash = base.replace(/^\$2[aby]\$/, prefix);
      expect(isBcryptHash(hash)).toBe(true);
      expect(await verifyPassword(hash, 'macro123')).toEqual({ ok: true, needsRehash: true });
      expect(await verifyPassword(hash, 'macro124')).toEqual({ ok: false, needsRehash: false });
    }
  });

  it('never accepts plain text or unknown formats', async () => {
    expect((await verifyPassword('macro123', 'macro123')).ok).toBe(false);
    expect((await verifyPassword('', '')).ok).toBe(false);
    expect((await verifyPassword('$argon2id$garbage', 'x')).ok).toBe(false);
  });
});

describe('tokens', () => {
  const claims = { adminId: 7, sessionId: 'abc', expiresAt: new Date(Date.now() + 60_000) };

  it('round-trips HS256 tokens', async () => {
    const token = await signToken(SECRET, claims);
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    const back = await verifyToken(SECRET, token);
    expect(back).toMatchObject({ adminId: 7, sessionId: 'abc' });
  });

  it('refuses other secrets, algorithms, alg:none, missing claims and expired tokens', async () => {
    const key = new TextEncoder().encode(SECRET);
    const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const cases = [
      await signToken('t'.repeat(48), claims),
      await new SignJWT({ sid: 'abc' }).setProtectedHeader({ alg: 'HS384' }).setSubject('7').setExpirationTime('1h').sign(new Uint8Array([...key, ...key])),
      `${enc({ alg: 'none' })}.${enc({ sub: '7', sid: 'abc', exp: Math.floor(Date.now() / 1000) + 60 })}.`,
      await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('7').setExpirationTime('1h').sign(key),
      await new SignJWT({ sid: 'abc' }).setProtectedHeader({ alg: 'HS256' }).setSubject('7').sign(key),
      await new SignJWT({ sid: 'abc' }).setProtectedHeader({ alg: 'HS256' }).setSubject('x').setExpirationTime('1h').sign(key),
      await signToken(SECRET, { ...claims, expiresAt: new Date(Date.now() - 5000) }),
      'garbage',
    ];
    for (const token of cases) expect(await verifyToken(SECRET, token)).toBeNull();
    // The remembering verifier refuses the same, before and after it has seen a good token.
    for (const token of cases) expect(await verifyTokenOnce(SECRET, token)).toBeNull();
    expect(await verifyTokenOnce(SECRET, await signToken(SECRET, claims))).toMatchObject({ adminId: 7 });
    for (const token of cases) expect(await verifyTokenOnce(SECRET, token)).toBeNull();
  });

  afterEach(() => { vi.useRealTimers(); });

  it('a remembered token stays bound to its secret and still expires', async () => {
    const token = await signToken(SECRET, { ...claims, expiresAt: new Date(Date.now() + 10_000) });
    expect(await verifyTokenOnce(SECRET, token)).toMatchObject({ adminId: 7, sessionId: 'abc' });
    expect(await verifyTokenOnce(SECRET, token)).toMatchObject({ adminId: 7, sessionId: 'abc' });
    // Under another secret the same string is a forgery, remembered or not.
    expect(await verifyTokenOnce('t'.repeat(48), token)).toBeNull();
    vi.useFakeTimers({ now: Date.now() + 11_000 });
    expect(await verifyTokenOnce(SECRET, token)).toBeNull();
    expect(await verifyToken(SECRET, token)).toBeNull();
  });

  it('reads `Bearer <token>` only', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('abc')).toBeNull();
    expect(bearerToken('Basic abc')).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
  });
});

describe('audit snapshots', () => {
  it('remove secrets at any depth', () => {
    expect(withoutSecrets({ username: 'a', password: 'p', nested: { newPassword: 'n', token: 't', ok: 1 }, list: [{ jwtSecret: 's' }] })).toEqual({
      username: 'a', password: '[removed]', nested: { newPassword: '[removed]', token: '[removed]', ok: 1 }, list: [{ jwtSecret: '[removed]' }],
    });
  });
});
