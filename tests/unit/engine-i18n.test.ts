// Protects: the admin reads completely in both languages (no raw keys, no English leftovers in
// Chinese, no lost placeholders, no plural forms polyglot cannot pick for `zh`).
import upstreamChinese from 'ra-language-chinese';
import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en';
import { raZh, raZhCompletions } from '../../src/i18n/ra-zh';
import { zh } from '../../src/i18n/zh';
import { ADMIN_MESSAGES, createAdminI18nProvider as createI18nProvider } from '../../src/admin/i18n';
import { MESSAGES } from '../../src/schema/api';
import { ALL_ROUTES, SECTIONS } from '../../src/schema/routes';

const flatten = (tree: object, prefix = ''): Map<string, string> => {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else if (value && typeof value === 'object') for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
};

const placeholders = (text: string): string[] => [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1] ?? '');
const sorted = (keys: Iterable<string>) => [...keys].sort();

const enFlat = flatten(en);
const zhFlat = flatten(zh);
const raEnFlat = flatten(englishMessages);
const raZhFlat = flatten(raZh);

describe('admin messages', () => {
  it('should have the same keys in English and Chinese (app, menu, errors, pub)', () => {
    expect(sorted(zhFlat.keys())).toEqual(sorted(enFlat.keys()));
    for (const namespace of ['app.', 'menu.', 'errors.', 'pub.']) {
      expect([...enFlat.keys()].some((key) => key.startsWith(namespace))).toBe(true);
    }
  });

  it('should translate every react-admin key of ra-language-english, and no other', () => {
    expect(sorted(raZhFlat.keys())).toEqual(sorted(raEnFlat.keys()));
  });

  it('should start from ra-language-chinese, completing only what it lacks or gets wrong', () => {
    const upstream = flatten(upstreamChinese);
    const completions = flatten(raZhCompletions);
    // A completion equal to the package's text would hide the package's future fixes of it.
    for (const [key, value] of completions) expect(upstream.get(key), key).not.toBe(value);
    const fromPackage = [...raZhFlat].filter(([key]) => !completions.has(key));
    expect(fromPackage.length).toBeGreaterThan(0);
    for (const [key, value] of fromPackage) expect(value, key).toBe(upstream.get(key));
  });

  it('should use no plural forms in Chinese', () => {
    for (const [key, value] of [...zhFlat, ...raZhFlat]) expect(value, key).not.toContain('||||');
  });

  it('should keep every placeholder of the English text in the Chinese one', () => {
    const zhMerged = flatten(ADMIN_MESSAGES.zh);
    for (const [key, english] of flatten(ADMIN_MESSAGES.en)) {
      const chinese = zhMerged.get(key) ?? '';
      for (const name of placeholders(english)) expect(chinese, `${key} lacks %{${name}}`).toContain(`%{${name}}`);
    }
  });

  it('should differ from English in Chinese for every react-admin text with letters', () => {
    // Catches a key copied over untranslated; a few values are the same in both (e.g. `%{name}`).
    for (const [key, english] of raEnFlat) {
      if (!/[a-z]{3}/i.test(english.replace(/%\{\w+\}/g, ''))) continue;
      expect(raZhFlat.get(key), key).not.toBe(english);
    }
  });

  it('should title every route and section of the route table in both languages', () => {
    const names = [...ALL_ROUTES.map((r) => r.name), ...SECTIONS.map((s) => s.name)];
    for (const name of names) {
      expect(enFlat.get(`menu.${name}`), `en menu.${name}`).toBeTruthy();
      expect(zhFlat.get(`menu.${name}`), `zh menu.${name}`).toBeTruthy();
    }
  });

  it('should translate every stable error key, with its placeholders', () => {
    for (const [key, text] of Object.entries(MESSAGES)) {
      const names = [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const messages of [enFlat, zhFlat]) {
        const translated = messages.get(`errors.${key}`);
        expect(translated, `errors.${key}`).toBeTruthy();
        for (const name of names) expect(translated).toContain(`%{${name}}`);
      }
    }
  });

  it('should offer English and Chinese and drop unfilled react-admin placeholders', () => {
    const provider = createI18nProvider('zh');
    expect(provider.getLocales?.()).toEqual([{ locale: 'en', name: 'English' }, { locale: 'zh', name: '简体中文' }]);
    expect(provider.translate('menu.order')).toBe('订单列表');
    // A bulk update of many rows passes no recordRepresentation.
    expect(provider.translate('ra.message.bulk_update_title', { name: '商品', smart_count: 3 })).not.toContain('%{');
    expect(provider.translate('ra.action.bulk_actions', { smart_count: 5 })).toBe('已选择 5 项');
    expect(createI18nProvider('en').translate('ra.action.bulk_actions', { smart_count: 5 })).toBe('5 items selected');
  });
});
