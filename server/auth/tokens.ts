/**
 * JWTs name a server-side session: `sub` = admin id, `sid` = session id, `exp`. The algorithm is
 * fixed to HS256 both when signing and verifying, so `alg: none` or any other algorithm is refused.
 */
import { webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

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

/** Tokens verified per secret, bounded (least recently verified out first). */
const verified = new Map<string, Map<string, TokenClaims>>();
const MAX_VERIFIED_TOKENS = 10_000;

/**
 * `verifyToken` remembering what it verified: the same string under the same secret verifies the
 * same way every time, so a token seen before costs a map look-up and its expiry check instead of
 * an HMAC (about 10 % of a list request's server CPU). Nothing is trusted more than before: the
 * session row is still read on every request, so a revoked session or disabled admin is refused at
 * once; a forged or altered token is a different string and is verified in full.
 */
export const verifyTokenOnce = async (secret: string, token: string): Promise<TokenClaims | null> => {
  let tokens = verified.get(secret);
  if (!tokens) {
    tokens = new Map();
    verified.set(secret, tokens);
  }
  const known = tokens.get(token);
  if (known) {
    // jose refuses a token whose `exp` is now or past: so does the remembered one.
    if (known.expiresAt.getTime() > Date.now()) return known;
    tokens.delete(token);
    return null;
  }
  const claims = await verifyToken(secret, token);
  if (claims) {
    tokens.set(token, claims);
    if (tokens.size > MAX_VERIFIED_TOKENS) tokens.delete(tokens.keys().next().value!);
  }
  return claims;
};

/** How many verified tokens are remembered (the bench prints it). */
export const verifiedTokenCount = (): number => [...verified.values()].reduce((sum, tokens) => sum + tokens.size, 0);

/** `Authorization: Bearer <jwt>` (scheme case-insensitive) → the JWT, or null. */
export const bearerToken = (header: string | undefined): string | null => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1] : null;
};
