/**
 * Limits of the sign-in and registration forms, declared once: the server builds its zod
 * schemas from them and the public pages check them before sending (without loading zod,
 * which would cost the login page its size budget).
 */

/** The message keys an account name or password is refused with (each a key of MESSAGES, ./api.ts). */
export type AccountProblem = 'required' | 'too_short' | 'too_long' | 'invalid_username' | 'password_blank' | 'password_repeated' | 'password_sequence' | 'password_contains_username';

/** New usernames (registration, account creation, rename): after NFKC, 3..64 of USERNAME_PATTERN. */
export const USERNAME_LENGTH = { min: 3, max: 64 } as const;
/**
 * ASCII letters, digits, `_`, `.` and `-` only. Restricting to ASCII (rather than allowing
 * letters of any one script) rules out mixed-script look-alikes (`аdmin` with a Cyrillic `а`)
 * and invisible characters in one simple rule that users can read on the form.
 */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
/** New passwords: at least 8 characters (NIST 800-63B), any characters allowed. */
export const PASSWORD_LENGTH = { min: 8, max: 128 } as const;
/** What sign-in accepts: any existing account, including imported `mall` ones with shorter values. */
export const SIGN_IN_LENGTH = { username: { min: 1, max: 64 }, password: { min: 1, max: 128 } } as const;
export const EMAIL_MAX_LENGTH = 100;
export const INVITE_CODE_PATTERN = /^[A-Za-z0-9]{4,32}$/;
/** Loose on purpose: the server's check is the authority; this catches typos before sending. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Local storage key holding the invite code of the link a visitor arrived with. */
export const INVITE_CODE_KEY = 'code';

/**
 * The form a username is stored and compared in: NFKC folds compatibility forms (full-width
 * `ａｄｍｉｎ` becomes `admin`), then surrounding spaces go. Uniqueness ignores case on top of this.
 */
export const normalizeUsername = (raw: string): string => raw.normalize('NFKC').trim();

/** The problem with a new username (already normalised), or undefined. */
export const usernameProblem = (username: string): AccountProblem | undefined => {
  if (username === '') return 'required';
  if (username.length < USERNAME_LENGTH.min) return 'too_short';
  if (username.length > USERNAME_LENGTH.max) return 'too_long';
  return USERNAME_PATTERN.test(username) ? undefined : 'invalid_username';
};

/** Rows a run may follow, forwards or backwards: the alphabet, the digits and the keyboard's rows. */
const RUNS = ['abcdefghijklmnopqrstuvwxyz', '0123456789', '1234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm', '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p'];

/** Fewer than three different characters, or one unit of up to 3 characters repeated (`aaaaaaab`, `abababab`, `abcabcab`). */
const isRepeated = (text: string): boolean => {
  if (new Set(text).size < 3) return true;
  for (let unit = 1; unit <= 3; unit++) {
    if ([...text].every((c, i) => c === text[i % unit])) return true;
  }
  return false;
};

/** The whole text (ignoring case) walks one row a step at a time, in one direction (`abcdefgh`, `87654321`, `qwertyui`). */
const isRun = (text: string): boolean => RUNS.some((row) => {
  const steps = [...text].slice(1).map((c, i) => row.indexOf(c) - row.indexOf(text[i]!));
  const starts = row.includes(text[0]!);
  return starts && steps.every((step, i) => step === steps[0] && (step === 1 || step === -1) && row.includes(text[i + 1]!));
});

/**
 * The problem with a new password that both halves can see (the rule, stated in
 * docs/design.md): 8 to 128 characters; not only spaces or other blanks; at least three different
 * characters and not a unit of up to three repeated (`abcabcab`); not one run along the alphabet, the digits or a keyboard row,
 * either way (`abcdefgh`, `87654321`, `qwertyui`); not the username nor containing it (ignoring
 * case). Whether it is a common password is checked by the server alone (the list is too large
 * for the login page's bundle).
 */
export const passwordProblem = (password: string, username: string): AccountProblem | undefined => {
  if (password === '') return 'required';
  if (password.length < PASSWORD_LENGTH.min) return 'too_short';
  if (password.length > PASSWORD_LENGTH.max) return 'too_long';
  if (password.trim() === '') return 'password_blank';
  const lower = password.toLowerCase();
  if (isRepeated(lower)) return 'password_repeated';
  if (isRun(lower)) return 'password_sequence';
  const name = normalizeUsername(username).toLowerCase();
  if (name.length >= USERNAME_LENGTH.min && lower.includes(name)) return 'password_contains_username';
  return undefined;
};

/** An optional email: empty, or an address (the field may be left blank). */
export const OPTIONAL_EMAIL_PATTERN = new RegExp(`^$|${EMAIL_PATTERN.source}`);

/**
 * The languages a person's mail is written in (the admin's two), as an enumeration's options:
 * a buyer's and an account's `language` (server/jobs/outbox.ts renders each message in it).
 */
export const MAIL_LANGUAGE_OPTIONS = [{ value: 'en', label: 'en' }, { value: 'zh', label: 'zh' }] as const;
