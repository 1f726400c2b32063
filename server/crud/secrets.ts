/**
 * Write-only secret fields (src/schema/engine/entity.ts `secret`, `password`): what is stored instead of
 * the value, and the one way back to it for an area that needs it. A secret is encrypted with
 * AES-256-GCM (a random 96-bit IV per value, the table and column bound in as associated data, so
 * a value copied into another column does not open); a password is hashed by the function the
 * app hands in (argon2id, server/auth/password.ts), and nothing opens it.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Entity, FieldDecl } from '../../src/schema/engine/entity';
import { columnOf, secretFields } from '../../src/schema/engine/entity';
import type { AnyDb } from './hooks';
import type { Row } from './row';
import type { Scope } from './scope';
import { ALL_SHOPS } from './scope';

/** Storage form: a version tag, then base64url of IV (12 bytes), tag (16 bytes) and ciphertext. */
const PREFIX = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type Secrets = {
  /** The stored form of a secret's value in `table.column`. */
  seal: (plain: string, where: string) => string;
  /** The value back from its stored form (throws when it was not sealed with this key for `where`). */
  open: (sealed: string, where: string) => string;
  /** A password's one-way hash. */
  hash: (plain: string) => Promise<string>;
};

/** The 32-byte key of AES-256-GCM and the password hash the app uses. */
export const createSecrets = (key: Buffer, hash: (plain: string) => Promise<string>): Secrets => {
  if (key.length !== 32) throw new Error('The secrets key must be 32 bytes');
  return {
    seal: (plain, where) => {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(where, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open: (sealed, where) => {
      if (!sealed.startsWith(PREFIX)) throw new Error(`${where}: not a sealed secret`);
      const bytes = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(where, 'utf8'));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
    hash,
  };
};

const whereOf = (entity: Entity, name: string, decl: FieldDecl): string => `${entity.table}.${columnOf(name, decl)}`;

/** Whether a body value of a secret field is a new value (absent, null and `""` keep the stored one). */
const isNewValue = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * The validated body split for a write: `input` without the secret keys that carry no new value
 * (an update keeps the stored ones), and `columns`, the stored form of each new value. Hashing
 * is slow: call it before the write's transaction (on SQLite that holds the only connection).
 * `input` keeps the new plain values for the area's `validate` rules (a password's "not the
 * username"); they never reach a row, an answer or an audit row.
 */
export const sealSecrets = async (
  entity: Entity, body: Record<string, unknown>, secrets: Secrets | undefined,
): Promise<{ input: Record<string, unknown>; columns: Row }> => {
  const fields = secretFields(entity);
  if (!fields.length) return { input: body, columns: {} };
  if (!secrets) throw new Error(`${entity.name} declares secret fields: the engine needs the secrets key`);
  const input = { ...body };
  const columns: Row = {};
  for (const [name, decl] of fields) {
    const value = input[name];
    if (!isNewValue(value)) {
      delete input[name];
      continue;
    }
    columns[columnOf(name, decl)] = decl.hash ? await secrets.hash(value) : secrets.seal(value, whereOf(entity, name, decl));
  }
  return { input, columns };
};

/**
 * The plain value of record `id`'s secret `field`, for an area that must use it (a shop's PayPal
 * secret key sent to PayPal); null when none is stored or no such record is in `scope`. The one
 * place a secret is decrypted: call it where the value is used, and never put it in an answer,
 * an audit row or a log line. A password (`hash`) cannot be read back.
 */
export const readSecret = async (
  db: AnyDb, secrets: Secrets, entity: Entity, id: number, field: string, scope: Scope = ALL_SHOPS,
): Promise<string | null> => {
  const decl = entity.fields[field];
  if (!decl || decl.kind !== 'secret') throw new Error(`${entity.name}.${field} is not a secret field`);
  if (decl.hash) throw new Error(`${entity.name}.${field} is a password: it is hashed, not readable`);
  const column = columnOf(field, decl);
  let query = db.selectFrom(entity.table).select(column).where('id', '=', id);
  if (entity.tenant && scope.kind === 'shops') query = query.where(entity.tenant, 'in', scope.shopIds.length ? [...scope.shopIds] : [-1]);
  const row = await query.executeTakeFirst() as Row | undefined;
  const stored = row?.[column];
  return typeof stored === 'string' && stored !== '' ? secrets.open(stored, whereOf(entity, field, decl)) : null;
};
