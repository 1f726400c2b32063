// Protects: wording, empty states and dialog titles read as sentences in both
// languages ("No return reasons yet", not "No Return reasons yet"); the VIP page has one name.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en';
import type { Lang } from '../../src/i18n/lang';
import { zh } from '../../src/i18n/zh';
import { inSentence } from '../../src/engine/labels';
import { envelope, page, renderAt, serve } from './entity-harness';

const TEXT = {
  en: { empty: 'No return reasons yet', add: 'Add', title: 'Add return reason' },
  zh: { empty: '暂无退货原因', add: '添加', title: '添加退货原因' },
} as const;

describe.each<Lang>(['en', 'zh'])('one voice (%s)', (lang) => {
  it('should word the empty state and the create dialog as sentences', async () => {
    serve('get', '/returnReason/list', () => envelope(page([])));
    renderAt('/oms/returnReason', { lang });
    expect(await screen.findByText(TEXT[lang].empty)).toBeInTheDocument();

    serve('get', '/returnReason/list', () => envelope(page([{ id: 1, name: 'Too small', sort: 0, status: 1, createTime: null }])));
    await userEvent.click(screen.getAllByRole('button', { name: TEXT[lang].add })[0]!);
    expect(await screen.findByRole('dialog', { name: TEXT[lang].title })).toBeInTheDocument();
  });
});

describe('labels inside sentences', () => {
  it('should lower a capitalised word and keep acronyms and Chinese', () => {
    expect(inSentence('Product categories')).toBe('product categories');
    expect(inSentence('SKUs')).toBe('SKUs');
    expect(inSentence('退货原因')).toBe('退货原因');
  });

  it('should name the VIP purchase page the same way in both languages', () => {
    expect(en.menu.payIndex).toContain('VIP');
    expect(zh.menu.payIndex).toContain('VIP');
  });
});
