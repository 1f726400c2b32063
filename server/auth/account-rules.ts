/**
 * The server's rules for new account names and passwords (registration, account creation,
 * rename, password change). The shared rules (src/schema/auth-rules.ts: NFKC, ASCII character
 * set, lengths, "not the username") are checked by the forms too; the server adds uniqueness
 * regardless of case and "not a common password", checked against the ranked list of about
 * 49,000 leaked passwords that `@zxcvbn-ts/language-common` maintains. That list stays on the
 * server: it would cost the login page's bundle hundreds of kilobytes.
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import { z } from 'zod';
import type { MessageKey } from '../../src/schema/api';
import { normalizeUsername, PASSWORD_LENGTH, passwordProblem, USERNAME_LENGTH, USERNAME_PATTERN } from '../../src/schema/auth-rules';
import type { Database } from '../db/schema';
import { fieldInvalid } from '../http/errors';

/** A new username: normalised (NFKC, trimmed), then 3..64 ASCII letters, digits, `_ . -`. */
export const newUsername = () => z.string().transform(normalizeUsername)
  .pipe(z.string().min(USERNAME_LENGTH.min).max(USERNAME_LENGTH.max).regex(USERNAME_PATTERN, { message: 'invalid_username' }));

/** A new password's length (the other rules need the username: `assertNewPassword`). */
export const newPassword = () => z.string().min(PASSWORD_LENGTH.min).max(PASSWORD_LENGTH.max);

let common: Set<string> | undefined;

/** Built on first use; lookups ignore case (`Password1` is as common as `password1`). */
const commonPasswords = (): Set<string> => {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common;
};

const isCommonPassword = (password: string): boolean => commonPasswords().has(password.toLowerCase());

/** The problem with a new password for `username`, or undefined. */
export const newPasswordProblem = (password: string, username: string): MessageKey | undefined =>
  passwordProblem(password, username) ?? (isCommonPassword(password) ? 'password_too_common' : undefined);

/** Throws a 400 field error on `field` when the new password breaks a rule. */
export const assertNewPassword = (password: string, username: string, field = 'password'): void => {
  const problem = newPasswordProblem(password, username);
  if (problem) throw fieldInvalid(field, problem, problem === 'too_short' ? { min: PASSWORD_LENGTH.min } : undefined);
};

/** Whether another account already has this name, ignoring case (`Admin` is taken by `admin`). */
export const usernameTaken = async (db: Kysely<Database> | Transaction<Database>, username: string, exceptId?: number): Promise<boolean> => {
  let query = db.selectFrom('ums_admin').select('id').where(sql<string>`lower(username)`, '=', username.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return Boolean(await query.executeTakeFirst());
};
