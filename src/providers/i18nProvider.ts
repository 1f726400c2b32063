/**
 * The admin's translations: react-admin's messages, the entity screens' (`resources`, `entity`)
 * and the shell's (`app`, `menu`, `errors`, `pub`), English and Chinese. The language is chosen once per page load (`getLang()`); switching
 * stores it and reloads (spec section 2), so the provider never changes locale at runtime.
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { en } from '../i18n/en';
import { entityEn } from '../i18n/entities/en';
import { entityZh } from '../i18n/entities/zh';
import type { Lang } from '../i18n/lang';
import { getLang } from '../i18n/lang';
import type { Tree } from '../i18n/merge';
import { deepMerge } from '../i18n/merge';
import { raZh } from '../i18n/ra-zh';
import { zh } from '../i18n/zh';

export const LOCALES: { locale: Lang; name: string }[] = [
  { locale: 'en', name: 'English' },
  { locale: 'zh', name: '简体中文' },
];

export const englishAdminMessages = [entityEn, en].reduce<Tree>(deepMerge, englishMessages) as TranslationMessages;
// English underneath: a key a future react-admin adds reads in English rather than as a raw key.
export const chineseAdminMessages = [raZh, entityZh, zh].reduce<Tree>(deepMerge, englishAdminMessages) as TranslationMessages;

export const messagesFor = (lang: string): TranslationMessages =>
  lang === 'zh' ? chineseAdminMessages : englishAdminMessages;

// react-admin fills only the placeholders of the plural form it expects (a bulk update of many
// rows passes no `recordRepresentation`). Chinese has one form carrying every placeholder, so
// an unfilled one is dropped instead of showing as `%{name}`.
const UNFILLED_PLACEHOLDER = / ?%\{\w+\}/g;

export const createI18nProvider = (lang: Lang = getLang()): I18nProvider => {
  const base = polyglotI18nProvider(messagesFor, lang, LOCALES);
  return {
    ...base,
    translate: (key, options) => {
      const text = base.translate(key, options);
      return key.startsWith('ra.') ? text.replace(UNFILLED_PLACEHOLDER, '') : text;
    },
  };
};
