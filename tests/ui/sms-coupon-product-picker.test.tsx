// Protects: the coupon's product picker (src/resources/sms/coupon.tsx): while the scope is "products", each product offered shows its price, stock and whether it is on sale beside its name (not the name alone).
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, SimpleForm } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { CouponProducts } from '../../src/resources/sms/coupon';
import { createEntityDataProvider } from '../../src/providers/entityDataProvider';
import { coupon, COUPON_USE_TYPE } from '../../src/schema/sms/coupon';
import { muiTheme } from '../../src/theme/muiTheme';
import { envelope, page, serve, testI18nProvider } from './entity-harness';

const PRODUCTS = [
  { id: 7, name: 'Tea cup', price: 12.5, stock: 40, publishStatus: 1, pic: '' },
  { id: 8, name: 'Tea pot', price: 80, stock: 0, publishStatus: 0, pic: '' },
];

describe('coupon product picker', () => {
  it('offers each product with its price, stock and state beside its name', async () => {
    serve('get', '/product/list', () => envelope(page(PRODUCTS)));
    render(
      <AdminContext dataProvider={createEntityDataProvider()} i18nProvider={testI18nProvider} store={memoryStore()} theme={muiTheme}>
        <SimpleForm defaultValues={{ useType: COUPON_USE_TYPE.products, productRelationList: [] }} toolbar={false}>
          <CouponProducts entity={coupon} name="productRelationList" decl={coupon.fields.productRelationList} mode="create" />
        </SimpleForm>
      </AdminContext>,
    );
    await userEvent.click(await screen.findByRole('combobox'));
    const options = await screen.findAllByTestId('coupon-product-option');
    expect(options).toHaveLength(2);
    expect(within(options[0]!).getByText('Tea cup')).toBeInTheDocument();
    expect(options[0]!.textContent).toMatch(/12\.50.*40.*On sale/);
    expect(options[1]!.textContent).toMatch(/80\.00.*0.*Off sale/);
  });
});
