/** The two languages of the product, and where the choice is kept (local storage key `lang`). */
import { fillMessage } from '../schema/engine/texts';
export const LANGS = ['en', 'zh'] as const;
export type Lang = (typeof LANGS)[number];
export const LANG_KEY = 'lang';

const isLang = (value: unknown): value is Lang => LANGS.includes(value as Lang);

/** The stored choice, else the browser's language (any `zh*` is Chinese), else English. */
export const getLang = (): Lang => {
  const stored = globalThis.localStorage?.getItem(LANG_KEY);
  if (isLang(stored)) return stored;
  const browser = globalThis.navigator?.language?.toLowerCase() ?? '';
  return browser.startsWith('zh') ? 'zh' : 'en';
};

/** Stores the choice; the caller reloads the page. */
export const setLang = (lang: Lang): void => {
  localStorage.setItem(LANG_KEY, lang);
};

/** Fills `{name}` and `%{name}` placeholders: the one message formatter (src/schema/api.ts). */
export const interpolate = fillMessage;
