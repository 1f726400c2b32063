/**
 * The wire contract both halves share: the `mall` envelope, its result codes, and the stable
 * message keys every error carries (the admin translates them under `errors.<key>`).
 */

import type { RecordOf } from './engine/entity';
import { fillMessage, textsOf } from './engine/texts';
import type { MessageParams } from './engine/texts';
import { BASE_MESSAGES } from './baseMessages';
import { AREA_MESSAGES } from './messages';
import type { adminProfile } from './ums/admin';
import type { MenuItem } from './ums/entities';

export { fillMessage };
export type { MenuItem, MessageParams };

export { ResultCode } from './resultCodes';
export type { ResultCodeValue } from './resultCodes';

/** One problem with one field of a request, for showing next to that field. */
export type FieldError = { field: string; messageKey: MessageKey; message: string; params?: MessageParams };


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
    /** The IANA zone the caller's days are counted in: a seller's shop's, else the platform's (not in `mall`'s answer). */
    timeZone?: string;
    /** Whose zone that is: the seller's shop's, or the platform's (staff, and shops that declare none). */
    timeZoneSource?: 'shop' | 'platform';
  };

/**
 * Stable error keys with their English text: the ones no area owns (./baseMessages.ts) and every
 * area's (./messages.ts). The server answers with both; the admin shows the translation of the key
 * (falling back to the English text for keys it does not know).
 */
export const MESSAGES = {
  ...BASE_MESSAGES,
  ...textsOf(AREA_MESSAGES, 'en'),
} as const;
export type MessageKey = keyof typeof MESSAGES;


/** The English text of a message key with its placeholders filled in. */
export const formatMessage = (key: MessageKey, params?: MessageParams): string => fillMessage(MESSAGES[key] as string, params);

/** The one field-error builder: the field, its message key, the English message, and the params when there are any. */
export const fieldError = (field: string, messageKey: MessageKey, params?: MessageParams): FieldError =>
  ({ field, messageKey, message: formatMessage(messageKey, params), ...(params ? { params } : {}) });
