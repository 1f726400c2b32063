/**
 * The admin's translations: react-admin's messages, the generic entity screens' (`entity`), the
 * shell's (`app`, `menu`, `errors`, `pub`) and the areas' (their entities' `resources` labels and
 * their screens' texts, handed in by the shell: providers import no area), English and Chinese. The language is chosen once per page load (`getLang()`); switching
 * stores it and reloads, so the provider never changes locale at runtime.
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { entityStrings, reactAdminStrings, shellStrings } from '../i18n/adminStrings';
import type { Lang } from '../i18n/lang';
import { getLang } from '../i18n/lang';
import type { Tree } from '../i18n/merge';
import { deepMerge } from '../i18n/merge';

const LOCALES: { locale: Lang; name: string }[] = [
  { locale: 'en', name: 'English' },
  { locale: 'zh', name: '简体中文' },
];

/** The areas' strings, each an `{ en, zh }` pair (src/engine/area.ts `AreaStrings`). */
type AreaMessages = { readonly en: object; readonly zh: object };

type AdminMessages = { readonly en: TranslationMessages; readonly zh: TranslationMessages };

/**
 * Every dictionary of both languages merged, with the areas' strings over the shared ones. Each
 * language is merged when first read: a page load reads one (the language is fixed per load), and
 * the built admin holds only that one (src/i18n/languageParts.ts).
 */
export const adminMessages = (areas: readonly AreaMessages[]): AdminMessages => {
  const merged: Partial<Record<Lang, TranslationMessages>> = {};
  // react-admin's English underneath each language: a key a future react-admin adds reads in
  // English rather than as a raw key. Ours need no such net: the Chinese of every English key is
  // typed, and tests/unit/engine-i18n.test.ts compares the merged trees.
  const tree = (lang: Lang): TranslationMessages => merged[lang] ??= [reactAdminStrings, entityStrings, ...areas, shellStrings]
    .map((pair) => pair[lang] as Tree).reduce<Tree>(deepMerge, englishMessages) as TranslationMessages;
  return {
    get en() { return tree('en'); },
    get zh() { return tree('zh'); },
  };
};

// react-admin fills only the placeholders of the plural form it expects (a bulk update of many
// rows passes no `recordRepresentation`). Chinese has one form carrying every placeholder, so
// an unfilled one is dropped instead of showing as `%{name}`.
const UNFILLED_PLACEHOLDER = / ?%\{\w+\}/g;

export const createI18nProvider = (lang: Lang = getLang(), areas: readonly AreaMessages[] = []): I18nProvider => {
  const messages = adminMessages(areas);
  const base = polyglotI18nProvider((locale) => (locale === 'zh' ? messages.zh : messages.en), lang, LOCALES);
  return {
    ...base,
    translate: (key, options) => {
      const text = base.translate(key, options);
      return key.startsWith('ra.') ? text.replace(UNFILLED_PLACEHOLDER, '') : text;
    },
  };
};
