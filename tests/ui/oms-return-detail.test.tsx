// Protects: a return's page shows the returned product's picture, name and attributes read as the order's page reads a line's (one component), never as JSON, in en and zh.
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '../../src/i18n/lang';
import { envelope, page, renderAt, serve } from './entity-harness';

beforeAll(async () => {
  await import('../../src/engine/screens');
});

const ATTRS = JSON.stringify([{ key: 'Colour', value: 'Black' }, { key: 'Size', value: 'L' }]);
const READ = 'Colour: Black; Size: L';

const aReturn = {
  id: 5, status: 0, createTime: '2026-01-02T09:00:00.000Z', shopId: 1, shopName: 'Shop', orderId: 14, orderSn: 'SN14', memberUsername: 'ann',
  returnName: 'Ann', returnPhone: '555', reason: 'Too small', description: 'Does not fit', proofPics: '',
  productId: 7, productPic: '/uploads/demo/tee.png', productName: 'Cotton tee', productBrand: 'Jade', productAttr: ATTRS,
  productCount: 1, productPrice: 20, productRealPrice: 18, returnAmount: null, companyAddressId: null, companyAddressName: null,
  handleTime: null, handleMan: null, handleNote: null, receiveTime: null, receiveMan: null, receiveNote: null,
};

const anOrder = {
  id: 14, orderSn: 'SN14', shopId: 1, shopName: 'Shop', status: 3, receiverName: 'Ann', receiverPhone: '555', totalAmount: 18, payType: 1, sourceType: 0,
  memberUsername: 'ann', createTime: '2026-01-01T09:00:00.000Z',
  orderItemList: [{ id: 40, productId: 7, productPic: '/uploads/demo/tee.png', productName: 'Cotton tee', productBrand: 'Jade', productSkuCode: 'TEE-L', productPrice: 18, productQuantity: 1, productAttr: ATTRS }],
};

describe.each<Lang>(['en', 'zh'])('a return\'s product (%s)', (lang) => {
  it('shows the picture, the name and the attributes read, as the order\'s page reads the same line', async () => {
    serve('get', '/returnApply/list', () => envelope(page([aReturn])));
    serve('get', '/returnApply/5', () => envelope(aReturn));
    const { unmount, container } = renderAt('/oms/returnApply#show=5', { lang });
    const attributes = await screen.findByText(READ);
    expect(attributes).toBeInTheDocument();
    expect(screen.getAllByText('Cotton tee').length).toBeGreaterThan(0);
    expect(container.querySelector('img[src="/uploads/demo/tee.png"]')).not.toBeNull();
    expect(screen.queryByText(/\[\{"key"/)).toBeNull();
    unmount();

    serve('get', '/order/list', () => envelope(page([anOrder])));
    serve('get', '/order/14', () => envelope(anOrder));
    serve('get', '/order/history/list', () => envelope(page([])));
    serve('get', '/order/messages/list', () => envelope(page([])));
    serve('get', '/order/track/14', () => envelope({ deliveryCompany: null, deliverySn: null, events: [] }));
    renderAt('/oms/order#show=14', { lang });
    const line = (await screen.findByText('TEE-L')).closest('tr') as HTMLElement;
    expect(within(line).getByText(READ)).toBeInTheDocument();
  });
});
