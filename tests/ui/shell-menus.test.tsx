// Protects: the menu rules as pure functions (what shows, in which order,
// and what the user may open).
import { describe, expect, it } from 'vitest';
import { buildMenuModel, firstPageOfSection } from '../../src/providers/menus';
import type { MenuItem } from '../../src/schema/api';
import { menusFor, SELLER_GRANT, SUPER_ADMIN_GRANT } from './admin-harness';

const row = (id: number, parentId: number, name: string, sort = 0, hidden: 0 | 1 = 0): MenuItem =>
  ({ id, parentId, createTime: null, title: name, level: parentId ? 1 : 0, sort, name, icon: 'list', hidden });

describe('buildMenuModel', () => {
  it('should show every section to the super admin, ordered by sort, highest first', () => {
    const model = buildMenuModel(menusFor(SUPER_ADMIN_GRANT));
    expect(model.sections.map((s) => s.name)).toEqual(['shop', 'pms', 'oms', 'sms', 'member', 'pay', 'mold', 'rms', 'ums']);
  });

  it('should show a seller only the sections and pages the menus grant (its own promotions under Marketing)', () => {
    const model = buildMenuModel(menusFor(SELLER_GRANT));
    expect(model.sections.map((s) => s.name)).toEqual(['shop', 'pms', 'oms', 'sms', 'member', 'pay', 'mold', 'rms']);
    // The seller's order pages (the declared seller menu): the cashier's balances among them, no order settings.
    expect(model.sections.find((s) => s.name === 'oms')?.children.map((c) => c.name)).toEqual(['order', 'balanceList', 'returnApply']);
    expect(model.allowed.has('orderSetting')).toBe(false);
    expect(model.allowed.has('admin')).toBe(false);
  });

  it('should order siblings by sort, highest first, whatever order the server sends', () => {
    const model = buildMenuModel([row(1, 0, 'oms', 1), row(2, 1, 'order', 5), row(3, 1, 'returnReason', 50), row(4, 1, 'orderSetting', 20),
      row(5, 0, 'ums', 9), row(6, 5, 'role', 1)]);
    expect(model.sections.map((s) => s.name)).toEqual(['ums', 'oms']);
    expect(model.sections[1]?.children.map((c) => c.name)).toEqual(['returnReason', 'orderSetting', 'order']);
  });

  it('should keep hidden entries out of the menu but allowed', () => {
    const model = buildMenuModel([row(1, 0, 'oms'), row(2, 1, 'order'), row(3, 1, 'orderSetting', 0, 1), row(4, 1, 'orderDetail')]);
    expect(model.sections[0]?.children.map((c) => c.name)).toEqual(['order']);
    expect(model.allowed.has('orderSetting')).toBe(true);
    expect(model.allowed.has('orderDetail')).toBe(true);
  });

  it('should allow the hidden helper routes of a present section without a menu entry', () => {
    const model = buildMenuModel([row(1, 0, 'oms'), row(2, 1, 'order')]);
    for (const name of ['orderDetail', 'deliverOrderList', 'returnApplyDetail']) expect(model.allowed.has(name)).toBe(true);
    expect(model.allowed.has('returnApply')).toBe(false);
    expect(model.allowed.has('updateShop')).toBe(false);
  });

  it('should drop entries without a route, pages under a foreign section, orphans and unknown top rows', () => {
    const model = buildMenuModel([
      row(1, 0, 'oms'), row(2, 1, 'order'), row(3, 1, 'nonsense'), row(4, 1, 'brand'),
      row(5, 77, 'coupon'), row(6, 0, 'dashboard'), row(7, 0, 'order'),
    ]);
    expect(model.sections.map((s) => s.name)).toEqual(['oms']);
    expect(model.sections[0]?.children.map((c) => c.name)).toEqual(['order']);
    for (const name of ['nonsense', 'brand', 'coupon', 'dashboard']) expect(model.allowed.has(name)).toBe(false);
  });

  it('should not draw a section whose pages are all hidden, and always allow home', () => {
    const model = buildMenuModel([row(1, 0, 'oms'), row(2, 1, 'order', 0, 1)]);
    expect(model.sections).toEqual([]);
    expect(model.allowed.has('order')).toBe(true);
    expect(buildMenuModel([]).allowed).toEqual(new Set(['home']));
  });
});

describe('firstPageOfSection', () => {
  it('should lead to the first visible page, else the first allowed page, else nowhere', () => {
    const model = buildMenuModel([row(1, 0, 'oms'), row(2, 1, 'order', 1), row(3, 1, 'returnApply', 9), row(4, 0, 'mold'), row(5, 4, 'kmold', 0, 1)]);
    expect(firstPageOfSection(model, 'oms')).toBe('/oms/returnApply');
    expect(firstPageOfSection(model, 'mold')).toBe('/mold/kmold');
    expect(firstPageOfSection(model, 'ums')).toBeUndefined();
  });
});
