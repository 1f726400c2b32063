// Protects: a long list whose total the server bounded (`totalExact: false`) says so honestly in the pagination ("more than 10,000" / "about N", both languages), asks for the exact total (`exactTotal=1`) and shows it when it arrives.
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { envelope, page, renderAt, serve } from './entity-harness';

const brands = [
  { id: 1, name: 'Nike', firstLetter: 'N', sort: 9, factoryStatus: 1, showStatus: 1, productCount: 7, productCommentCount: 0, logo: null, bigPic: null, brandStory: null },
  { id: 2, name: 'Adidas', firstLetter: 'A', sort: 5, factoryStatus: 0, showStatus: 1, productCount: 3, productCommentCount: 0, logo: null, bigPic: null, brandStory: null },
];

/** The list answers a bounded total; `exact` answers the `exactTotal=1` request (null: it fails). */
const serveBounded = (estimate: number, exact: number | null) => serve('get', '/brand/list', (call) => {
  if (call.query.get('exactTotal') === '1') {
    return exact === null ? HttpResponse.json({ code: 500, message: 'failed', data: null }) : envelope(page(brands, exact));
  }
  return envelope({ ...page(brands, estimate), totalExact: false, totalAtLeast: 10_001 });
});

describe('a list whose total is bounded', () => {
  it('says "more than 10,000" while the exact total is not there', async () => {
    const calls = serveBounded(10_001, null);
    renderAt('/pms/brand', { lang: 'en' });
    expect(await screen.findByText('1-10 of more than 10,000')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.query.get('exactTotal') === '1')).toBe(true));
    expect(calls.find((c) => c.query.get('exactTotal') === '1')?.query.get('pageNum')).toBe('1');
    expect(screen.getByText('1-10 of more than 10,000')).toBeInTheDocument();
  });

  it('says "about N" with the database\'s estimate', async () => {
    serveBounded(960_000, null);
    renderAt('/pms/brand', { lang: 'en' });
    expect(await screen.findByText('1-10 of about 960,000')).toBeInTheDocument();
  });

  it('says it in Chinese', async () => {
    serveBounded(10_001, null);
    renderAt('/pms/brand', { lang: 'zh' });
    expect(await screen.findByText('第 1-10 条，共超过 10,000 条')).toBeInTheDocument();
  });

  it('shows the exact total once it arrives', async () => {
    serveBounded(10_001, 123_456);
    renderAt('/pms/brand', { lang: 'en' });
    expect(await screen.findByText('1-10 of 123456')).toBeInTheDocument();
    expect(screen.queryByText(/more than/)).toBeNull();
  });

  it('shows an exact total as before, asking nothing more', async () => {
    const calls = serve('get', '/brand/list', () => envelope(page(brands)));
    renderAt('/pms/brand');
    expect(await screen.findByText('1-2 of 2')).toBeInTheDocument();
    expect(calls.every((c) => c.query.get('exactTotal') === null)).toBe(true);
  });
});
