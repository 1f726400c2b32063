// Protects: the one rule for built-in record texts (translated while seeded, as stored once renamed) and a Chinese text for every seeded record.
import { describe, expect, it } from 'vitest';
import { builtinText, menuTitleText } from '../../src/i18n/builtins';
import { BUILTIN_RECORDS } from '../../src/schema/builtins';
import { createAdminI18nProvider as createI18nProvider } from '../../src/admin/i18n';

const zh = createI18nProvider('zh').translate;
const en = createI18nProvider('en').translate;

describe('built-in record texts', () => {
  it('should translate a seeded text and keep a renamed or unknown one as stored', () => {
    expect(builtinText(zh, 'role', { code: 'seller', name: 'Seller' }, 'name')).toBe('卖家');
    expect(builtinText(zh, 'role', { code: 'seller', name: 'Shop owners' }, 'name')).toBe('Shop owners');
    expect(builtinText(zh, 'role', { code: null, name: 'Clerk' }, 'name')).toBe('Clerk');
    // Known by its seeded text when the record comes without its key (role names of /admin/info).
    expect(builtinText(zh, 'role', { name: 'Super admin' }, 'name')).toBe('超级管理员');
    expect(builtinText(zh, 'resource', { url: '/brand/**', name: 'Brands', description: 'Brands' }, 'description')).toBe('品牌');
    // Another resource's seeded name under this URL is not this resource's seeded text.
    expect(builtinText(zh, 'resource', { url: '/brand/**', name: 'Products' }, 'name')).toBe('Products');
    expect(builtinText(zh, 'resourceCategory', { name: 'Payments and referral' }, 'name')).toBe('支付与推广分销');
    expect(builtinText(zh, 'brand', { name: 'Products' }, 'name')).toBe('Products');
    expect(builtinText(en, 'role', { code: 'seller', name: 'Seller' }, 'name')).toBe('Seller');
  });

  it('should title a menu by its route while it is untitled or seeded, as named otherwise', () => {
    expect(menuTitleText(zh, 'oms', 'Orders')).toBe('订单');
    expect(menuTitleText(zh, 'oms', '')).toBe('订单');
    expect(menuTitleText(zh, 'oms', 'Sales desk')).toBe('Sales desk');
    expect(menuTitleText(en, 'order', 'Orders')).toBe('Orders');
  });

  it('should have a Chinese text, different from the English one, for every seeded text', () => {
    for (const [entity, kind] of Object.entries(BUILTIN_RECORDS)) {
      for (const [key, texts] of Object.entries(kind.texts)) {
        for (const [field, english] of Object.entries(texts)) {
          const chinese = builtinText(zh, entity, { [kind.keyField]: key, [field]: english }, field);
          expect(chinese, `${entity} ${key} ${field}`).not.toBe(english);
          expect(builtinText(en, entity, { [kind.keyField]: key, [field]: english }, field), `${entity} ${key} ${field}`).toBe(english);
        }
      }
    }
  });
});
