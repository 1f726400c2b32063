/**
 * Two-language dictionaries, and loading only the reader's language in the built admin.
 *
 * A dictionary that holds both languages is written as a pair (`languagePair(en, zh)`, or an area's
 * `defineStrings`). In the source every pair holds both halves, so tests and the dev server read
 * either language at once. The production build (scripts/splitLanguages.ts) moves each half into
 * a chunk of its own language: a pair then reads its half from what that chunk registered here,
 * and the page waits for the reader's language (`loadPublicLanguage`, `loadAdminLanguage`) before
 * its first render. An English reader never downloads the Chinese texts, nor a Chinese reader the
 * English ones (react-admin's English stays under the Chinese for keys a newer version adds).
 */
import type { Lang } from './lang';

export type LanguagePair<E, Z> = { readonly en: E; readonly zh: Z };

/** Both halves of a dictionary (the build replaces each call by a pair that reads its language's chunk). */
export const languagePair = <E, Z>(en: E, zh: Z): LanguagePair<E, Z> => ({ en, zh });

/** The halves the loaded language chunks registered, by `<module>#<export>`. */
const registered: Record<Lang, Map<string, unknown>> = { en: new Map(), zh: new Map() };

/** Called by a built language chunk as it runs: the halves of its language, by `<module>#<export>`. */
export const registerLanguage = (lang: Lang, halves: Readonly<Record<string, unknown>>): void => {
  for (const [key, half] of Object.entries(halves)) registered[lang].set(key, half);
};

const half = (lang: Lang, key: string): unknown => {
  if (!registered[lang].has(key)) throw new Error(`The ${lang} texts of ${key} are not loaded: load the reader's language before the first render`);
  return registered[lang].get(key);
};

const PAIR_KEY = Symbol('pair key');

/** What the build puts in place of a pair: each half read from its language's chunk when first used. */
export const builtPair = (key: string): LanguagePair<unknown, unknown> & { readonly [PAIR_KEY]: string } => ({
  [PAIR_KEY]: key,
  get en() { return half('en', key); },
  get zh() { return half('zh', key); },
});

/** Whether `pair` can be read in `lang` now: always in the source, once its language's chunk ran in the build. */
export const pairReady = (pair: LanguagePair<unknown, unknown>, lang: Lang): boolean => {
  const key = (pair as { readonly [PAIR_KEY]?: string })[PAIR_KEY];
  return key === undefined || registered[lang].has(key);
};

// One `import()` per function: the build then preloads each language's chunks with its own
// import only (a choice between two imports in one expression preloaded one language's for both).
const PUBLIC: Record<Lang, () => Promise<unknown>> = {
  en: () => import('./languages/public-en'),
  zh: () => import('./languages/public-zh'),
};
const LEGAL: Record<Lang, () => Promise<unknown>> = {
  en: () => import('./languages/legal-en'),
  zh: () => import('./languages/legal-zh'),
};
const ADMIN: Record<Lang, () => Promise<unknown>> = {
  en: () => import('./languages/admin-en'),
  zh: () => import('./languages/admin-zh'),
};

/** The public pages' texts of a language (the login page's entry waits for them). */
export const loadPublicLanguage = (lang: Lang): Promise<unknown> => PUBLIC[lang]();

/** The legal pages' texts of a language (/privacy, /term load them when they open). */
export const loadLegalLanguage = (lang: Lang): Promise<unknown> => LEGAL[lang]();

/** The admin's texts of a language (react-admin's, the shell's, the engine's and every area's), with the public pages'. */
export const loadAdminLanguage = (lang: Lang): Promise<unknown> => Promise.all([loadPublicLanguage(lang), ADMIN[lang]()]);
