/**
 * The wire contract both halves share: the `mall` envelope, its result codes, and the stable
 * message keys every error carries (the admin translates them under `errors.<key>`).
 */

import type { RecordOf } from './engine/entity';
import type { menu } from './ums/entities';
import type { adminProfile } from './ums/admin';
import { AREA_MESSAGES } from './messages';
import { textsOf } from './engine/texts';

/** Envelope result codes, numbered as in `mall` (404 there means "validation failed"). */
export const ResultCode = {
  success: 200,
  failed: 500,
  validateFailed: 404,
  unauthorized: 401,
  forbidden: 403,
} as const;
export type ResultCodeValue = (typeof ResultCode)[keyof typeof ResultCode];

/** One problem with one field of a request, for showing next to that field. */
export type FieldError = { field: string; messageKey: MessageKey; message: string; params?: MessageParams };

/** Values of a message's `{name}` placeholders. */
export type MessageParams = Record<string, string | number>;

export type Envelope<T> = {
  code: number;
  message: string;
  data: T;
  /** Stable key of the message, present on errors (`errors.<messageKey>` in the admin's i18n). */
  messageKey?: MessageKey;
  /** Per-field problems, present on validation errors: the first 20 of them (server/http/envelope.ts). */
  errors?: FieldError[];
  /** How many field errors there were in all, present only when `errors` was cut short. */
  errorCount?: number;
  /** Values of the message's placeholders (`{seconds}`), so clients can translate the key. */
  params?: Record<string, string | number>;
  /** A transition on a selection: the ids it left alone, their state not allowing it. */
  skipped?: number[];
};

export type Page<T> = { pageNum: number; pageSize: number; totalPage: number; total: number; list: T[] };

export type LoginResult = { token: string; tokenHead: string };

/** A menu record as its declaration answers it (the signed-in admin's menus, `/menu/treeList`). */
export type MenuItem = RecordOf<typeof menu>;

/** The signed-in admin's own account fields: what the profile dialog shows and changes (its declaration's fields). */
export type AdminProfile = { username: string } & Omit<RecordOf<typeof adminProfile>, 'id'>;

export type AdminInfo = Pick<AdminProfile, 'username' | 'icon'>
  /** The rest of the caller's profile (not in `mall`'s answer; its admin ignores them). */
  & Partial<Omit<AdminProfile, 'username' | 'icon'>>
  & {
    /** The caller's own account id (not in `mall`'s answer): a screen filters the caller's own records by it. */
    id?: number;
    roles: string[];
    menus: MenuItem[];
    /** Ant URL patterns of the API resources the admin holds (`['/**']` for the super admin). */
    resources?: string[];
    /** 1 while the seller's VIP runs, else 0 (src/schema/vip/entities.ts vipLevelOf); kept as `level` in local storage. */
    vipLevel?: 0 | 1;
    /** When the VIP ends (ISO-8601 UTC); null when never bought. */
    vipExpireTime?: string | null;
  };

/**
 * Stable error keys with their English text. The server answers with both; the admin shows
 * the translation of the key (falling back to the English text for keys it does not know).
 */
export const MESSAGES = {
  success: 'Operation succeeded',
  failed: 'Operation failed',
  validation_failed: 'Validation failed',
  unauthorized: 'Not logged in or the session has expired',
  forbidden: 'You do not have permission to do this',
  not_found: 'Not found',
  route_not_found: 'No such API route',
  bad_credentials: 'Wrong username or password',
  account_disabled: 'This account is disabled',
  too_many_attempts: 'Too many failed sign-in attempts; try again in {seconds} seconds',
  body_too_large: 'The request body is too large',
  too_many_fields: 'The request has too many fields (at most {max} keys and items)',
  malformed_json: 'The request body is not valid JSON',
  unsupported_media_type: 'Unsupported content type',
  username_taken: 'This username is already taken',
  invalid_invite_code: 'Please validate your code',
  old_password_wrong: 'The old password is wrong',
  roles_required: 'roles must be a non-null array',
  required: 'Required',
  invalid_type: 'Wrong type',
  too_short: 'Must be at least {min} characters',
  too_long: 'Must be at most {max} characters',
  length_between: 'length must be between {min} and {max} characters',
  invalid_email: 'Not a valid email address',
  invalid_url: 'Must be a web address starting with http:// or https://',
  unknown_field: 'Unknown field',
  internal: 'Something went wrong on the server',
  network: 'Network error: the server cannot be reached',
  out_of_range: 'Must be between {min} and {max}',
  too_small: 'Must be at least {min}',
  too_big: 'Must be at most {max}',
  invalid_value: 'Not an allowed value',
  invalid_format: 'Wrong format',
  invalid_date: 'Not a valid date',
  not_unique: 'This value is already used',
  choose_shop: 'Choose the shop (shopId): this account may write several shops and no default shop applies',
  invalid_reference: 'The referenced record does not exist',
  too_few_rows: 'Add at least {min} rows',
  too_many_rows: 'At most {max} rows can be added',
  select_record: 'Please select a record',
  select_batch_type: 'Please select a batch operation type',
  too_many_images: 'You can upload up to {maxCount} images',
  invalid_image: 'Images must be jpg or png files',
  file_too_large: 'The file is larger than {maxMb} MB',
  file_required: 'Choose a file to upload',
  quota_exceeded: 'Quota exceeded for {what}: your group allows at most {quota}',
  page_size_too_big: 'Page size must be at most {max}',
  invalid_ids: 'ids must be a comma-separated list of record ids',
  too_many_ids: 'At most {max} records can be chosen at once',
  wrong_state: 'Not possible in its current state',
  none_eligible: 'None of the selected records can do this in its current state',
  duplicate_row: 'This record is named more than once',
  timeout: 'The request timed out',
  service_unavailable: 'The service is temporarily unavailable',
  cannot_grant: 'You cannot grant a role, menu or resource you do not hold yourself',
  cannot_manage_admin: 'You cannot change an account that holds permissions you do not hold',
  super_admin_only: 'Only a super admin may do this',
  last_super_admin: 'At least one enabled super admin must remain',
  range_reversed: 'The end of the range must not be before its start',
  invalid_username: 'Use 3 to 64 letters (a-z), digits or the characters _ . -',
  password_too_common: 'This password is too common; choose another',
  password_contains_username: 'The password must not contain the username',
  password_blank: 'The password cannot be only spaces',
  password_repeated: 'The password cannot be one character (or a few) repeated',
  password_sequence: 'The password cannot be a run of letters, digits or keyboard keys (like abcdefgh or 12345678)',
  too_many_requests: 'Too many requests; try again in {seconds} seconds',
  // The areas' own messages (./messages.ts).
  ...textsOf(AREA_MESSAGES, 'en'),
} as const;
export type MessageKey = keyof typeof MESSAGES;

/**
 * The one message formatter: `{name}` placeholders (and the admin translations' `%{name}`) filled
 * from `params`; a placeholder without a value stays as it is, so the reader sees what is missing.
 */
export const fillMessage = (text: string, params: MessageParams = {}): string =>
  text.replace(/%?\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));

/** The English text of a message key with its placeholders filled in. */
export const formatMessage = (key: MessageKey, params?: MessageParams): string => fillMessage(MESSAGES[key] as string, params);

/** The one field-error builder: the field, its message key, the English message, and the params when there are any. */
export const fieldError = (field: string, messageKey: MessageKey, params?: MessageParams): FieldError =>
  ({ field, messageKey, message: formatMessage(messageKey, params), ...(params ? { params } : {}) });
