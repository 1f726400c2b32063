// Protects: recommendation and flash rows show their product's price, stock and sale state: the new-products list's row of a product that left sale reads "Off sale" (and "在回收站" in Chinese for one in the recycle bin) beside its price and stock, and the flash products screen shows each row's state, a product not for sale in the error colour.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTheme } from '@mui/material/styles';
import { muiTheme } from '../../src/theme/muiTheme';
import { envelope, page, renderAt, serve } from './entity-harness';

/** A CSS colour as `r,g,b` (a theme's `#d32f2f` and a computed `rgb(211, 47, 47)` alike). */
const rgb = (color: string): string => {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (hex) return hex.slice(1).map((h) => parseInt(h, 16)).join(',');
  return (color.match(/\d+/g) ?? []).slice(0, 3).join(',');
};

const RECOMMENDED = [
  { id: 1, productId: 31, productName: 'Linen shirt', productPrice: 129.5, productStock: 40, productSaleState: 'forSale', recommendStatus: 1, sort: 9 },
  { id: 2, productId: 32, productName: 'Wool scarf', productPrice: 59, productStock: 0, productSaleState: 'offSale', recommendStatus: 1, sort: 5 },
  { id: 3, productId: 33, productName: 'Old boots', productPrice: 10, productStock: 2, productSaleState: 'recycled', recommendStatus: 0, sort: 1 },
];

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('promoted products show their sale state', () => {
  it('the new-products list shows each product\'s price, stock and sale state', async () => {
    serve('get', '/home/newProduct/list', () => envelope(page(RECOMMENDED)));
    renderAt('/sms/homeNew', { lang: 'en' });
    const scarf = await rowOf('Wool scarf');
    expect(within(scarf).getByText('Off sale')).toBeInTheDocument();
    expect(within(scarf).getByText('59.00')).toBeInTheDocument();
    expect(within(await rowOf('Linen shirt')).getByText('For sale')).toBeInTheDocument();
    expect(within(await rowOf('Old boots')).getByText('In recycle bin')).toBeInTheDocument();
    for (const header of ['Price', 'Stock', 'Sale state']) expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
  });

  it('reads in Chinese', async () => {
    serve('get', '/home/newProduct/list', () => envelope(page(RECOMMENDED)));
    renderAt('/sms/homeNew', { lang: 'zh' });
    expect(within(await rowOf('Old boots')).getByText('在回收站')).toBeInTheDocument();
    expect(within(await rowOf('Wool scarf')).getByText('已下架')).toBeInTheDocument();
  });

  it('the flash products screen shows each row\'s state, one not for sale in the error colour', async () => {
    serve('get', '/flash/4', () => envelope({ id: 4, title: 'Spring flash', startDate: '2026-05-01', endDate: '2026-05-07', status: 1 }));
    serve('get', '/flashSession/6', () => envelope({ id: 6, name: 'Morning', startTime: '08:00:00', endTime: '10:00:00', status: 1 }));
    const product = (id: number, name: string) => ({ id, name, productSn: `SN${id}`, price: 80, stock: 12, publishStatus: 1, verifyStatus: 1, deleteStatus: 0 });
    serve('get', '/flashProductRelation/list', () => envelope(page([
      { id: 21, flashPromotionId: 4, flashPromotionSessionId: 6, productId: 41, productName: 'Desk lamp', flashPromotionPrice: 60, flashPromotionCount: 5, flashPromotionLimit: 1, flashPromotionSold: 0, sort: 2,
        productPrice: 80, productStock: 12, productSaleState: 'forSale', product: product(41, 'Desk lamp') },
      { id: 22, flashPromotionId: 4, flashPromotionSessionId: 6, productId: 42, productName: 'Floor lamp', flashPromotionPrice: 90, flashPromotionCount: 3, flashPromotionLimit: 1, flashPromotionSold: 0, sort: 1,
        productPrice: 150, productStock: 0, productSaleState: 'unverified', product: { ...product(42, 'Floor lamp'), verifyStatus: 0 } },
    ])));
    renderAt('/sms/flashProductRelation?flashPromotionId=4&flashPromotionSessionId=6', { lang: 'en' });
    const floor = await rowOf('Floor lamp');
    const state = within(floor).getByText('Unverified');
    expect(within(floor).getByText(/150\.00/)).toBeInTheDocument();
    const forSale = within(await rowOf('Desk lamp')).getByText('For sale');
    // The error colour of the app's theme on the one not for sale only.
    const error = createTheme(muiTheme).palette.error.main;
    expect(rgb(getComputedStyle(state).color)).toBe(rgb(error));
    expect(rgb(getComputedStyle(forSale).color)).not.toBe(rgb(error));
    expect(screen.getByRole('columnheader', { name: 'Sale state' })).toBeInTheDocument();
  });
});
