// Protects: a coupon says what it applies to once saved (src/resources/sms/coupon.tsx): its list row reads "3 products", "1 category" or "All products" from the counts the list answers (pickCount), and its page names the picked products or categories, each a link to that record's page; in English and Chinese.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, page, renderAt, serve } from './entity-harness';

const BASE = {
  type: 0, platform: 0, amount: 10, minPoint: 0, publishCount: 100, count: 98, receiveCount: 2, useCount: 0, perLimit: 1,
  startTime: '2026-03-01T00:00:00.000Z', endTime: '2036-04-01T00:00:00.000Z', note: null, status: 0, shopId: null, shopName: null, currency: 'USD',
};
const PRODUCTS_COUPON = { ...BASE, id: 8, name: 'Phones ten off', useType: 2, productCount: 2, productCategoryCount: 0 };
const CATEGORY_COUPON = { ...BASE, id: 9, name: 'Bags five off', useType: 1, productCount: 0, productCategoryCount: 1 };
const ALL_COUPON = { ...BASE, id: 10, name: 'Everything off', useType: 0, productCount: 0, productCategoryCount: 0 };
const PRODUCTS = [{ id: 21, name: 'Pixel 9', price: 699, stock: 4, publishStatus: 1, pic: null }, { id: 22, name: 'Galaxy S25', price: 799, stock: 2, publishStatus: 1, pic: null }];

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('a coupon\'s scope', () => {
  it.each([
    ['en', '2 products', '1 category', 'All products'],
    ['zh', '2 个商品', '1 个分类', '全场通用'],
  ] as const)('the list row says what each coupon applies to (%s)', async (lang, products, category, all) => {
    serve('get', '/coupon/list', () => envelope(page([PRODUCTS_COUPON, CATEGORY_COUPON, ALL_COUPON])));
    renderAt('/sms/coupon', { lang });
    expect(within(await rowOf('Phones ten off')).getByText(products)).toBeInTheDocument();
    expect(within(await rowOf('Bags five off')).getByText(category)).toBeInTheDocument();
    expect(within(await rowOf('Everything off')).getByText(all)).toBeInTheDocument();
  });

  it('the coupon\'s page names its products, each a link to the product', async () => {
    serve('get', '/coupon/list', () => envelope(page([PRODUCTS_COUPON])));
    serve('get', '/coupon/8', () => envelope({
      ...PRODUCTS_COUPON,
      productCategoryRelationList: [],
      productRelationList: [{ id: 1, couponId: null, productId: 21, productName: 'Pixel 9', productSn: 'P9' }, { id: 2, couponId: null, productId: 22, productName: 'Galaxy S25', productSn: 'S25' }],
    }));
    serve('get', '/product/list', ({ query }) => {
      const ids = query.get('ids')?.split(',').map(Number) ?? [];
      return envelope(page(PRODUCTS.filter((p) => ids.includes(p.id))));
    });
    renderAt('/sms/coupon#show=8', { lang: 'en' });
    expect(await screen.findByRole('link', { name: 'Pixel 9' })).toHaveAttribute('href', '/pms/updateProduct?id=21');
    expect(screen.getByRole('link', { name: 'Galaxy S25' })).toHaveAttribute('href', '/pms/updateProduct?id=22');
    expect(screen.getByText('2 products')).toBeInTheDocument();
  });
});
