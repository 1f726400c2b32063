/**
 * JWTs name a server-side session: `sub` = admin id, `sid` = session id, `exp`. The algorithm is
 * fixed to HS256 both when signing and verifying, so `alg: none` or any other algorithm is refused.
 */
import { webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { rememberVerified } from './verified-tokens';

const ALGORITHM = 'HS256';

type TokenClaims = { adminId: number; sessionId: string; expiresAt: Date };

// A WebCrypto key imported once per secret: given raw bytes or a KeyObject, jose imports a key on
// every call (about 90 µs of each authenticated request, measured under bench:list).
const keyCache = new Map<string, Promise<webcrypto.CryptoKey>>();
const keyOf = (secret: string): Promise<webcrypto.CryptoKey> => {
  let key = keyCache.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey('raw', Buffer.from(secret, 'utf8'), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keyCache.set(secret, key);
  }
  return key;
};

export const signToken = async (secret: string, claims: TokenClaims): Promise<string> =>
  new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(claims.adminId))
    .setIssuedAt()
    .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
    .sign(await keyOf(secret));

/** The claims of a valid token, or null for anything forged, expired, malformed or of another algorithm. */
export const verifyToken = async (secret: string, token: string): Promise<TokenClaims | null> => {
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), { algorithms: [ALGORITHM], requiredClaims: ['sub', 'exp', 'sid'] });
    const adminId = Number(payload.sub);
    const sessionId = payload.sid;
    if (!Number.isSafeInteger(adminId) || adminId <= 0 || typeof sessionId !== 'string' || typeof payload.exp !== 'number') return null;
    return { adminId, sessionId, expiresAt: new Date(payload.exp * 1000) };
  } catch {
    return null;
  }
};

const admins = rememberVerified(verifyToken);

/** `verifyToken` remembering what it verified (./verified-tokens.ts): the session row is still read on every request. */
export const verifyTokenOnce = admins.verifyOnce;

/** How many verified tokens are remembered (the bench prints it). */
export const verifiedTokenCount = admins.size;

/** `Authorization: Bearer <jwt>` (scheme case-insensitive) → the JWT, or null. */
export const bearerToken = (header: string | undefined): string | null => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1] : null;
};
