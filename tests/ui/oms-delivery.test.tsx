// Protects: shipping in the order screens (international carriers and "Other" with the name typed, en and zh): the shipping screen lists the selected orders pending shipment (others left out, and said so), refuses a row without a logistics company or number before sending (the declaration's messages), sends mall's array body with each order's own company and number in one call, puts the server's row errors under the row's input, and says "no shippable orders" / "select the orders" when there is nothing to ship; the order list's status tabs show the server's counts and filter the list, and "Ship selected" opens the shipping screen with the selected shippable orders.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { envelope, page, renderAt, serve } from './entity-harness';

beforeAll(async () => {
  await import('../../src/engine/screens');
});

const anOrder = (id: number, status: number) => ({
  id, orderSn: `SN${id}`, shopId: 1, shopName: 'Shop', status, receiverName: `Ann ${id}`, receiverPhone: '555', receiverProvince: 'North',
  receiverCity: 'Town', receiverRegion: 'Centre', receiverDetailAddress: `Road ${id}`, totalAmount: 10, payType: 1, sourceType: 0,
  memberUsername: 'ann', createTime: '2026-01-01T09:00:00.000Z',
});
const ORDERS = [anOrder(11, 1), anOrder(12, 1), anOrder(13, 2)];

const serveOrders = () => serve('get', '/order/list', ({ query }) => {
  const ids = query.get('ids')?.split(',').map(Number);
  const status = query.get('status');
  return envelope(page(ORDERS.filter((o) => (!ids || ids.includes(o.id)) && (status === null || o.status === Number(status)))));
});

const location = () => screen.getByTestId('location').textContent ?? '';

/** Picks a logistics company in the row of `sn`. */
const pickCompany = async (sn: string, company: string) => {
  await userEvent.click(screen.getByRole('combobox', { name: `Logistics company ${sn}` }));
  await userEvent.click(await screen.findByRole('option', { name: company }));
};

describe('shipping screen', () => {
  it('ships the selected orders pending shipment in one call, each with its own company and number', async () => {
    serveOrders();
    const ships = serve('post', '/order/update/delivery', () => envelope(2));
    serve('get', '/order/statusCounts', () => envelope({ all: 3, byStatus: { 0: 0, 1: 2, 2: 1, 3: 0, 4: 0, 5: 0 } }));
    renderAt('/oms/deliverOrderList?ids=11,12,13', { feedback: true });
    expect(await screen.findByText('SN11')).toBeInTheDocument();
    expect(screen.getByText('SN12')).toBeInTheDocument();
    // The shipped one is left out, and the screen says so.
    expect(screen.queryByText('SN13')).toBeNull();
    expect(screen.getByText('One selected order is not pending shipment and is left out')).toBeInTheDocument();
    expect(screen.getByText('North Town Centre Road 11')).toBeInTheDocument();

    // Nothing chosen yet: refused in the browser with the declaration's messages, nothing sent.
    await userEvent.click(screen.getByRole('button', { name: 'Confirm shipment' }));
    expect(await screen.findAllByText('Logistics company is required')).toHaveLength(2);
    expect(screen.getAllByText('Logistics number is required')).toHaveLength(2);
    expect(ships).toHaveLength(0);

    await pickCompany('SN11', 'SF Express');
    await userEvent.type(screen.getByRole('textbox', { name: 'Logistics number SN11' }), 'SF1001');
    await pickCompany('SN12', 'ZTO Express');
    await userEvent.type(screen.getByRole('textbox', { name: 'Logistics number SN12' }), 'ZT2002');
    expect(screen.queryByText('Logistics company is required')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm shipment' }));
    await waitFor(() => expect(ships).toHaveLength(1));
    expect(ships[0]!.body).toEqual([
      { orderId: 11, deliveryCompany: '顺丰快递', deliverySn: 'SF1001' },
      { orderId: 12, deliveryCompany: '中通快递', deliverySn: 'ZT2002' },
    ]);
    expect(await screen.findByText('2 orders shipped')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/oms/order'));
  });

  it('offers international carriers and "Other" with the name typed, sent as typed; a blank typed name is refused before sending', async () => {
    serveOrders();
    const ships = serve('post', '/order/update/delivery', () => envelope(2));
    renderAt('/oms/deliverOrderList?ids=11,12');
    await screen.findByText('SN12');
    await userEvent.click(screen.getByRole('combobox', { name: 'Logistics company SN11' }));
    // Chinese couriers and international carriers, each group headed, then "Other".
    expect(await screen.findByText('International carriers')).toBeInTheDocument();
    for (const carrier of ['DHL', 'FedEx', 'UPS', 'USPS', 'EMS', 'SF Express']) expect(screen.getByRole('option', { name: carrier })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: 'DHL' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Logistics number SN11' }), 'DHL-7');
    await pickCompany('SN12', 'Other (type the name)');
    await userEvent.type(screen.getByRole('textbox', { name: 'Logistics number SN12' }), 'PX-8');
    await userEvent.type(screen.getByRole('textbox', { name: 'Logistics company name SN12' }), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm shipment' }));
    const nameBox = screen.getByRole('textbox', { name: 'Logistics company name SN12' });
    expect(await screen.findByText('Logistics company is required')).toBeInTheDocument();
    expect(nameBox).toHaveAttribute('aria-invalid', 'true');
    expect(ships).toHaveLength(0);
    await userEvent.clear(nameBox);
    await userEvent.type(nameBox, 'Pony Express');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm shipment' }));
    await waitFor(() => expect(ships).toHaveLength(1));
    expect(ships[0]!.body).toEqual([
      { orderId: 11, deliveryCompany: 'DHL', deliverySn: 'DHL-7' },
      { orderId: 12, deliveryCompany: 'Pony Express', deliverySn: 'PX-8' },
    ]);
  });

  it('names the carriers and "Other" in Chinese', async () => {
    serveOrders();
    renderAt('/oms/deliverOrderList?ids=11', { lang: 'zh' });
    await screen.findByText('SN11');
    await userEvent.click(screen.getByRole('combobox', { name: '物流公司 SN11' }));
    expect(await screen.findByText('国际快递')).toBeInTheDocument();
    for (const carrier of ['顺丰快递', 'FedEx 联邦快递', 'USPS 美国邮政', '其他（输入名称）']) expect(screen.getByRole('option', { name: carrier })).toBeInTheDocument();
  });

  it('shows a listed company on the order\'s page by its name in the reader\'s language, a typed one as typed', async () => {
    const shipped = { ...anOrder(14, 2), deliveryCompany: '顺丰快递', deliverySn: 'SF9', orderItemList: [] };
    serve('get', '/order/14', () => envelope(shipped));
    serve('get', '/order/list', () => envelope(page([shipped])));
    serve('get', '/order/history/list', () => envelope(page([])));
    serve('get', '/order/messages/list', () => envelope(page([])));
    serve('get', '/order/track/14', () => envelope({ deliveryCompany: '顺丰快递', deliverySn: 'SF9', events: [] }));
    const { unmount } = renderAt('/oms/order#show=14');
    const company = await screen.findByText('SF Express');
    expect(company).toBeInTheDocument();
    unmount();
    serve('get', '/order/14', () => envelope({ ...shipped, deliveryCompany: 'Pony Express' }));
    renderAt('/oms/order#show=14', { lang: 'zh' });
    expect(await screen.findByText('Pony Express')).toBeInTheDocument();
  });

  it('shows the server\'s row errors under that row\'s input', async () => {
    serveOrders();
    serve('post', '/order/update/delivery', () => HttpResponse.json({
      code: 404, message: 'Validation failed', messageKey: 'validation_failed', data: null,
      errors: [{ field: '1.deliverySn', messageKey: 'length_between', message: 'length must be between 1 and 64 characters', params: { min: 1, max: 64 } }],
    }, { status: 400 }));
    renderAt('/oms/deliverOrderList?ids=11,12');
    await screen.findByText('SN12');
    for (const sn of ['SN11', 'SN12']) {
      await pickCompany(sn, 'YTO Express');
      await userEvent.type(screen.getByRole('textbox', { name: `Logistics number ${sn}` }), `N-${sn}`);
    }
    await userEvent.click(screen.getByRole('button', { name: 'Confirm shipment' }));
    const row = (await screen.findByText('length must be between 1 and 64 characters')).closest('tr') as HTMLElement;
    expect(within(row).getByText('SN12')).toBeInTheDocument();
    expect(location()).toBe('/oms/deliverOrderList?ids=11,12');
  });

  it('says so when nothing can be shipped, or nothing was selected', async () => {
    serveOrders();
    const { unmount } = renderAt('/oms/deliverOrderList?ids=13');
    expect(await screen.findByText('No shippable orders in the selected orders')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm shipment' })).toBeNull();
    unmount();
    renderAt('/oms/deliverOrderList');
    expect(await screen.findByText('Please select the orders to operate')).toBeInTheDocument();
  });
});

describe('order list', () => {
  it('shows status tabs with the server\'s counts that filter the list, and ships the selected shippable orders', async () => {
    const lists = serveOrders();
    serve('get', '/order/statusCounts', () => envelope({ all: 3, byStatus: { 0: 0, 1: 2, 2: 1, 3: 0, 4: 0, 5: 0 } }));
    renderAt('/oms/order');
    expect(await screen.findByText('SN13')).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'All (3)' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'Pending shipment (2)' }));
    await waitFor(() => expect(lists.at(-1)?.query.get('status')).toBe('1'));
    await waitFor(() => expect(screen.queryByText('SN13')).toBeNull());
    expect(screen.getByRole('tab', { name: 'Shipped (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Closed (0)' })).toBeInTheDocument();

    // Select both rows, then "Ship selected": the shipping screen with those orders.
    const row = screen.getByText('SN11').closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('checkbox'));
    await userEvent.click(within(screen.getByText('SN12').closest('tr') as HTMLElement).getByRole('checkbox'));
    await userEvent.click(await screen.findByRole('button', { name: 'Ship selected' }));
    await waitFor(() => expect(location()).toBe('/oms/deliverOrderList?ids=11%2C12'));
    expect(await screen.findByRole('textbox', { name: 'Logistics number SN11' })).toBeInTheDocument();
  });
});
