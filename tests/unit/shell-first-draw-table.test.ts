// Protects: the lists' first draw (src/admin/firstDraw.ts) writes the columns and texts the declarations give, in both
// languages (its table is generated, and stale when they change), for every list whose first request the entry starts;
// home's first draw (src/admin/homeFirstDraw.ts) writes the admin's own texts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const { firstDrawInputs } = await import('../../src/admin/firstDrawInputs');
const { firstDrawTableSource, homeDrawTextsSource } = await import('../../src/admin/firstDrawPlan');
const { FIRST_DRAW_TABLE } = await import('../../src/admin/firstDrawTable');
const { SCREEN_REQUEST_TABLE } = await import('../../src/admin/screenRequestTable');
const { ADMIN_MESSAGES } = await import('../../src/admin/i18n');
// Every area's screen options load here (seconds of a loaded core), not inside a case's time limit.
const { table, shell, home } = await firstDrawInputs();

describe('the first-draw table', () => {
  it('is what the declarations and their texts give (npm run gen:screen-requests writes it)', () => {
    expect(readFileSync(new URL('../../src/admin/firstDrawTable.ts', import.meta.url), 'utf8')).toBe(firstDrawTableSource(table, shell));
  });

  it("holds home's first-draw texts equal to the admin's, in both languages (npm run gen:screen-requests writes them)", () => {
    expect(readFileSync(new URL('../../src/admin/homeFirstDrawTexts.ts', import.meta.url), 'utf8')).toBe(homeDrawTextsSource(home));
    const messages = ADMIN_MESSAGES as unknown as Record<'en' | 'zh', { homeDashboard: { pending: Record<string, string> } }>;
    expect(home['homeDashboard.pending.returnsPending']).toEqual([messages.en.homeDashboard.pending.returnsPending, messages.zh.homeDashboard.pending.returnsPending]);
    expect(Object.values(home).every(([en, zh]) => en !== '' && zh !== '')).toBe(true);
  });

  it('covers every list whose first page the entry asks for early', () => {
    const lists = Object.entries(SCREEN_REQUEST_TABLE).filter(([, entry]) => entry.kind === 'list' && entry.list).map(([path]) => path);
    expect(Object.keys(FIRST_DRAW_TABLE).sort()).toEqual(lists.sort());
  });

  it('names the product list and its columns in both languages, as the admin does', () => {
    const product = FIRST_DRAW_TABLE['/pms/product']!;
    const messages = ADMIN_MESSAGES as unknown as Record<'en' | 'zh', { resources: { product: { fields: Record<string, string> } }; menu: Record<string, string> }>;
    expect(product.title).toEqual([messages.en.menu.product, messages.zh.menu.product]);
    const price = product.columns.find((column) => column.source === 'price');
    expect(price).toMatchObject({ kind: 'money', label: [messages.en.resources.product.fields.price, messages.zh.resources.product.fields.price] });
    expect(product.columns.find((column) => column.source === 'brandId')).toMatchObject({ kind: 'reference', nameField: 'brandName' });
    expect(product.columns.find((column) => column.source === 'publishStatus')?.kind).toBe('switch');
  });

  it('leaves out the columns a screen hides at first', () => {
    // src/resources/member/screenOptions.ts hides these.
    const member = FIRST_DRAW_TABLE['/member/memberList']!.columns.map((column) => column.source);
    expect(member).not.toContain('realName');
    expect(member.length).toBeGreaterThan(2);
  });
});
