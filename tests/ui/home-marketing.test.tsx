// Protects: the home page's Marketing panel (src/resources/home/HomeDashboard.tsx): running and coming flash sales with sold and left, coupons since Monday, ads and their clicks, promoted products no longer for sale each linking to its list, in English and Chinese; no panel without the part.
import { render, screen, within } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createAdminI18nProvider } from '../../src/admin/i18n';
import { createQueryClient } from '../../src/admin/queryClient';
import { HomeDashboard } from '../../src/resources/home/HomeDashboard';
import type { HomeSummary } from '../../src/schema/home/summary';
import { muiTheme } from '../../src/theme/muiTheme';
import { envelope, serve } from './entity-harness';

const SUMMARY: HomeSummary = {
  timeZone: 'UTC', today: '2026-12-09', pending: [],
  marketing: {
    flash: { route: 'flash', running: [{ id: 1, title: 'Winter flash', startDate: '2026-12-01', endDate: '2026-12-20', offered: 50, sold: 12, left: 38 }], upcoming: [] },
    coupons: { route: 'coupon', weekStart: '2026-12-07', claimed: 14, given: 3, used: 5 },
    ads: { route: 'homeAdvertise', running: 2, clicks: 321 },
    notForSale: [{ key: 'newProducts', route: 'homeNew', count: 1 }, { key: 'popularProducts', route: 'homeHot', count: 0 }, { key: 'flashProducts', route: 'flash', count: 2 }],
  },
};

const renderHome = (lang: 'en' | 'zh') => render(
  <MemoryRouter>
    <AdminContext queryClient={createQueryClient(null, () => null)} i18nProvider={createAdminI18nProvider(lang)} store={memoryStore()} theme={muiTheme}>
      <HomeDashboard />
    </AdminContext>
  </MemoryRouter>,
);

describe('home: marketing panel', () => {
  it('shows flash sales, coupons, ads and the promoted products no longer for sale, each linking to its list', async () => {
    serve('get', '/home/summary', () => envelope(SUMMARY));
    renderHome('en');
    const panel = await screen.findByTestId('home-marketing');
    expect(within(panel).getByText('Winter flash: 12 sold, 38 left of 50')).toBeInTheDocument();
    expect(within(panel).getByTestId('home-coupons-claimed')).toHaveTextContent('14');
    expect(within(panel).getByTestId('home-coupons-used')).toHaveTextContent('5');
    expect(within(panel).getByTestId('home-ads-clicks')).toHaveTextContent('321');
    expect(within(panel).getByTestId('home-not-for-sale-newProducts')).toHaveAttribute('href', '/sms/homeNew');
    expect(within(panel).getByTestId('home-not-for-sale-flashProducts')).toHaveTextContent('Flash sales: 2');
    expect(within(panel).queryByTestId('home-not-for-sale-popularProducts')).toBeNull();
  });

  it('reads in Chinese', async () => {
    serve('get', '/home/summary', () => envelope(SUMMARY));
    renderHome('zh');
    const panel = await screen.findByTestId('home-marketing');
    expect(within(panel).getByText('Winter flash：已售 12，剩余 38，共 50')).toBeInTheDocument();
    expect(within(panel).getByText('已不在售的推广商品')).toBeInTheDocument();
  });

  it('has no panel without the part', async () => {
    serve('get', '/home/summary', () => envelope({ ...SUMMARY, marketing: undefined }));
    renderHome('en');
    await screen.findByTestId('home-dashboard');
    expect(screen.queryByTestId('home-marketing')).toBeNull();
  });
});
