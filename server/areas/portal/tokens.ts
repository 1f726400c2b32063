/**
 * Buyer tokens: HS256 JWTs with `sub` = member id, `shop` = the shop, `ver` = the member's token
 * version, audience `mall-portal`, signed with a key derived from JWT_SECRET for buyers only. An
 * admin token (no audience, the admin key) never verifies here, and a buyer token never verifies as
 * an admin's (server/auth/tokens.ts needs a session id and the admin key): two keys, two audiences.
 * A password change bumps the version, which ends every token issued before it.
 */
import { createHmac, webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { rememberVerified } from '../../auth/verified-tokens';

const ALGORITHM = 'HS256';
const AUDIENCE = 'mall-portal';

export type BuyerClaims = { memberId: number; shopId: number; version: number; expiresAt: Date };

const keys = new Map<string, Promise<webcrypto.CryptoKey>>();
/** The buyers' key: HMAC(JWT_SECRET, purpose), so it differs from the admins' raw secret. */
const keyOf = (secret: string): Promise<webcrypto.CryptoKey> => {
  let key = keys.get(secret);
  if (!key) {
    const derived = createHmac('sha256', secret).update('mall-portal buyer tokens').digest();
    key = webcrypto.subtle.importKey('raw', derived, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, key);
  }
  return key;
};

export const signBuyerToken = async (secret: string, claims: BuyerClaims): Promise<string> =>
  new SignJWT({ shop: claims.shopId, ver: claims.version })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(claims.memberId))
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
    .sign(await keyOf(secret));

/** The claims of a valid buyer token, or null for anything else (an admin's, forged, expired, malformed). */
export const verifyBuyerToken = async (secret: string, token: string): Promise<BuyerClaims | null> => {
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), { algorithms: [ALGORITHM], audience: AUDIENCE, requiredClaims: ['sub', 'exp', 'aud'] });
    const memberId = Number(payload.sub);
    const shopId = Number(payload.shop);
    const version = Number(payload.ver);
    if (![memberId, shopId, version].every(Number.isSafeInteger) || memberId <= 0 || shopId <= 0 || typeof payload.exp !== 'number') return null;
    return { memberId, shopId, version, expiresAt: new Date(payload.exp * 1000) };
  } catch {
    return null;
  }
};

/**
 * `verifyBuyerToken` remembering what it verified (server/auth/verified-tokens.ts): the member row
 * (approval, token version) is still read on every request.
 */
export const verifyBuyerTokenOnce = rememberVerified(verifyBuyerToken).verifyOnce;

/**
 * The token of `Authorization`: mall-portal's clients send `tokenHead + token` (`Bearer <jwt>`);
 * a bare token is taken as well.
 */
export const buyerTokenOf = (header: string | undefined): string | null => {
  const match = /^(?:Bearer\s+)?([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)\s*$/i.exec(header ?? '');
  return match ? match[1]! : null;
};
