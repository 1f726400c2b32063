/**
 * The public pages' translation helper: a dictionary lookup plus `interpolate`, instead of an
 * i18n library, because every kilobyte in the public entry is paid on the login page.
 */
import { getLang, interpolate } from '../../i18n/lang';
import type { PublicMessages } from '../../i18n/public/en';
import type { LegalMessages } from '../../i18n/public/legal/en';
import { legalStrings } from '../../i18n/public/legal/strings';
import { publicStrings } from '../../i18n/public/strings';
import { ApiError } from '../../providers/api';
import type { FieldError } from '../../schema/api';

type Params = Record<string, string | number>;

/** Dotted paths of every string in the dictionary, e.g. `'login.title'`. */
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
export type PublicKey = Leaves<PublicMessages>;
/** A key of the legal pages' own dictionary (loaded by those pages: ./LegalPage.tsx). */
export type LegalKey = Leaves<LegalMessages>;

type Tree = { readonly [key: string]: string | Tree };

const lookup = (dict: Tree, path: string): string | undefined => {
  let node: string | Tree | undefined = dict;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
};

// Read on every call rather than once at import: a language change reloads the page anyway,
// and tests switch `lang` between renders without re-importing the module. The built page holds
// the reader's language only (src/i18n/languageParts.ts); each language has every key (the type of
// the Chinese says so), so no other language is needed as a safety net.
const current = (): Tree => publicStrings[getLang()];

/** The translation of an existing key, if the dictionary has one. */
const find = (path: string): string | undefined => lookup(current(), path);

export const t = (key: PublicKey, params?: Params): string => interpolate(find(key) ?? key, params);

/** A legal page's text, once its dictionary is in (`legalStrings` ready in the reader's language). */
export const legalText = (key: LegalKey): string => lookup(legalStrings[getLang()], key) ?? key;

/** True when a text still has a `%{name}` hole, i.e. the server did not send the value for it. */
const hasHole = (text: string): boolean => /%\{\w+\}/.test(text);

/** The translation of a server message key, or `fallback` (the server's English) when we cannot say it better. */
const translateKey = (key: string | undefined, params: Params, fallback: string): string => {
  const text = key ? find(`errors.${key}`) : undefined;
  if (text === undefined) return fallback;
  const filled = interpolate(text, params);
  return hasHole(filled) && fallback ? fallback : filled;
};

/** Values the server may send next to an error to fill its placeholders (e.g. `{ seconds: 30 }` on 429). */
const paramsOf = (data: unknown): Params => {
  if (typeof data !== 'object' || data === null) return {};
  const params: Params = {};
  for (const [name, value] of Object.entries(data)) {
    if (typeof value === 'string' || typeof value === 'number') params[name] = value;
  }
  // `retryAfter` is the usual name for the wait; the message calls it `seconds`.
  if (params.seconds === undefined && params.retryAfter !== undefined) params.seconds = params.retryAfter;
  return params;
};

/** What to show for a failed call: the translated message key, else the server's own message. */
export const errorText = (error: unknown): string => {
  if (error instanceof ApiError) return translateKey(error.messageKey, paramsOf(error.data), error.message || t('errors.failed'));
  return t('errors.failed');
};

/** What to show next to a field the server rejected. */
export const fieldErrorText = (error: FieldError): string =>
  translateKey(error.messageKey, error.params ?? {}, error.message);
