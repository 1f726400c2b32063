/**
 * The chosen language as an `Intl` locale, so dates and numbers read the same way as the words
 * around them, whatever the browser's own language is.
 */
import { useLocaleState } from 'react-admin';

/** `zh-CN`, not `zh`: Simplified Chinese conventions (`2026/12/10 10:00:00`). */
export const intlLocale = (locale: string): string => (locale === 'zh' ? 'zh-CN' : 'en-US');

export const useIntlLocale = (): string => {
  const [locale] = useLocaleState();
  return intlLocale(locale);
};
