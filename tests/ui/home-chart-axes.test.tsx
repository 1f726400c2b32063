// Protects: the home charts' value axis (src/resources/home/HomeCharts.tsx): each chart shows 0, half its highest day and its highest day as ticks beside the bars, in the short form, and only 0 on days without any value; each bar keeps its exact value for hover and keyboard.
import { render, screen, within } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { HomeCharts } from '../../src/resources/home/HomeCharts';
import type { HomeDay } from '../../src/schema/home/summary';
import { muiTheme } from '../../src/theme/muiTheme';
import { testI18nProvider } from './entity-harness';

const days = (orders: number[], sales: number[]): HomeDay[] =>
  orders.map((count, i) => ({ date: `2026-12-0${i + 1}`, orders: count, sales: { USD: sales[i] ?? 0 } }));

const renderCharts = (shown: HomeDay[]) => render(
  <AdminContext i18nProvider={testI18nProvider} store={memoryStore()} theme={muiTheme}>
    <HomeCharts days={shown} currencies={['USD']} />
  </AdminContext>,
);

const ticks = (key: string) => within(screen.getByTestId(`home-chart-${key}`)).getAllByTestId('home-chart-tick').map((t) => t.textContent);

describe('home chart axes', () => {
  it('labels the value axis of each chart with 0, half and the highest day', async () => {
    renderCharts(days([1, 4, 2, 0, 3, 2, 1], [10, 1200, 300, 0, 800, 50, 20]));
    await screen.findByTestId('home-chart-orders');
    expect(ticks('orders')).toEqual(['0', '2', '4']);
    expect(ticks('sales-USD')).toEqual(['0', '600', '1.2K']);
    // Each day keeps its exact figure for the pointer and the keyboard.
    expect(within(screen.getByTestId('home-chart-orders')).getAllByTestId('home-chart-bar')).toHaveLength(7);
  });

  it('shows only 0 on a chart without any value', async () => {
    renderCharts(days([0, 0, 0, 0, 0, 0, 0], []));
    await screen.findByTestId('home-chart-orders');
    expect(ticks('orders')).toEqual(['0']);
  });
});
