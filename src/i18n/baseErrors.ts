/**
 * Texts of the server's stable error keys that no area owns (src/schema/baseMessages.ts): all the
 * public pages need (sign-in, registration, validation, HTTP), light so the login page's entry
 * carries no area's texts. English is the server's own text in polyglot's placeholder syntax;
 * Chinese (./baseErrorsZh.ts, a module of its own: an English reader never loads it) must name every
 * key. ./errorsEn.ts and ./errorsZh.ts add every area's for the admin.
 */
import { BASE_MESSAGES } from '../schema/baseMessages';
import type { BaseMessageKey } from '../schema/baseMessages';

/** Texts with `{param}` placeholders in polyglot's `%{param}`. */
export const polyglot = <K extends string>(texts: Readonly<Record<K, string>>): Record<K, string> =>
  Object.fromEntries(Object.entries<string>(texts).map(([key, text]) => [key, text.replace(/\{(\w+)\}/g, '%{$1}')])) as Record<K, string>;

export const baseErrorsEn = polyglot(BASE_MESSAGES) as Record<BaseMessageKey, string>;
