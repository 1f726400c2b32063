/**
 * Password hashing: argon2id for everything we write. bcrypt hashes ($2a$/$2b$/$2y$, as found
 * in an imported `mall` database) still verify, and the caller re-hashes them with argon2id after
 * a successful sign-in (`needsRehash`).
 */
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (the algorithm defaults to argon2id). */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const BCRYPT = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;

export const isBcryptHash = (stored: string): boolean => BCRYPT.test(stored);

export const hashPassword = (plain: string): Promise<string> => hash(plain, ARGON2_OPTIONS);

type VerifyResult = { ok: boolean; needsRehash: boolean };

let checks = 0;

/**
 * Password checks run by this process so far, the dummy's included: sign-in must spend exactly one
 * whether or not the account exists, and counting says so where timing a busy machine cannot.
 */
export const passwordChecksSoFar = (): number => checks;

export const verifyPassword = async (stored: string, plain: string): Promise<VerifyResult> => {
  checks += 1;
  if (isBcryptHash(stored)) {
    // bcryptjs handles $2y$ (PHP) and $2b$ like $2a$; it truncates at 72 bytes, as bcrypt does.
    const ok = await bcrypt.compare(plain, stored);
    return { ok, needsRehash: ok };
  }
  if (stored.startsWith('$argon2')) {
    try {
      return { ok: await verify(stored, plain), needsRehash: false };
    } catch {
      return { ok: false, needsRehash: false };
    }
  }
  // Unknown format (a plain-text or foreign hash): never accept it.
  return { ok: false, needsRehash: false };
};

let dummyHash: Promise<string> | undefined;

/** Computes the dummy hash ahead of time (at start), so even the first unknown user costs no extra hash. */
export const prepareDummyHash = (): Promise<string> => {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummyHash;
};

/**
 * Spends the same time as checking a real password, for unknown usernames, so response time
 * does not reveal whether an account exists.
 */
export const verifyAgainstDummy = async (plain: string): Promise<void> => {
  await verifyPassword(await prepareDummyHash(), plain);
};
