// Protects: the stepped product form (src/resources/pms/productForm.tsx) on its add/update routes: moving between steps keeps what was typed; saving from the last step checks every step, marks the step holding an error and lists it with a way back to it; ticking specification values generates the SKU table (one row per combination, typed SKUs kept); a server field error on a SKU lands on the attributes step and under its cell, with nothing typed lost; the freight template picker lists only the product's own shop's templates.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { envelope, page, renderAt, serve } from './entity-harness';
import { server } from './msw-server';

const attributes = [
  { id: 1, productAttributeCategoryId: 3, name: 'Colour', type: 0, inputType: 1, selectType: 2, inputList: 'Black,White', handAddStatus: 0, sort: 10 },
  { id: 2, productAttributeCategoryId: 3, name: 'Size', type: 0, inputType: 1, selectType: 1, inputList: 'S,M,L', handAddStatus: 0, sort: 9 },
  { id: 3, productAttributeCategoryId: 3, name: 'Material', type: 1, inputType: 1, selectType: 1, inputList: 'Cotton,Linen', handAddStatus: 0, sort: 8 },
];

const stored = {
  id: 7, shopId: 1, shopName: 'Demo shop', productCategoryId: 12, productCategoryName: 'Shirts', brandId: null, brandName: null,
  productAttributeCategoryId: 3, productAttributeCategoryName: 'Clothes', name: 'Linen shirt', subTitle: 'Cool', description: 'A shirt',
  productSn: 'LS-1', price: 30, originalPrice: 40, promotionPrice: null, stock: 10, lowStock: 1, unit: 'piece', weight: 200, sort: 0,
  sale: 0, publishStatus: 1, newStatus: 0, recommandStatus: 0, verifyStatus: 1, previewStatus: 0, deleteStatus: 0, serviceIds: '1,3',
  keywords: null, note: null, detailTitle: null, detailDesc: null, giftGrowth: 0, giftPoint: 0, usePointLimit: null, feightTemplateId: null,
  promotionType: 0, promotionStartTime: null, promotionEndTime: null, promotionPerLimit: null, pic: null, albumPics: [],
  memberPriceList: [], productLadderList: [], productFullReductionList: [],
  skuStockList: [{ id: 51, skuCode: 'LS-BLACK-S', price: 33, promotionPrice: null, stock: 4, lowStock: 0, pic: null, spData: '[{"key":"Colour","value":"Black"},{"key":"Size","value":"S"}]', sale: 0, lockStock: 0 }],
  productAttributeValueList: [{ id: 61, productAttributeId: 1, value: 'Black' }, { id: 62, productAttributeId: 2, value: 'S' }, { id: 63, productAttributeId: 3, value: 'Linen' }],
  detailHtml: null, detailMobileHtml: null,
};

/** Every look-up the form's pickers make answers an empty page unless a test serves it. */
const serveLookups = () => {
  server.use(http.get('*/api/*', () => envelope(page([]))));
  serve('get', '/shop/listAll', () => envelope([{ id: 1, shopName: 'Demo shop' }]));
  serve('get', '/productCategory/list/0', () => envelope(page([{ id: 2, name: 'Clothing', parentId: 0, level: 0 }])));
  serve('get', '/productCategory/list/2', () => envelope(page([{ id: 12, name: 'Shirts', parentId: 2, level: 1 }])));
  serve('get', '/productAttribute/list/3', () => envelope(page(attributes)));
};

/**
 * The step's button in the stepper (MUI's Stepper root: the only place step buttons are). Looked for
 * there, not among every button of the page: naming each button of a step (the rich text toolbar,
 * the pickers, the image upload) made these look-ups a tenth of the file's CPU.
 */
const stepButton = (name: string) => within(document.querySelector<HTMLElement>('.MuiStepper-root')!).getByRole('button', { name: new RegExp(name) });
const panel = (name: string) => screen.getByRole('tabpanel', { name });

const skuRows = () => screen.queryAllByTestId('sku-row');

describe('stepped product form', () => {
  it('keeps what was typed on every step while moving between them', async () => {
    serveLookups();
    renderAt('/pms/addProduct');
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: /Product name/ });
    await user.type(name, 'Wool scarf');
    await user.click(screen.getByRole('button', { name: 'Next step' }));
    const keywords = within(panel('Promotion')).getByRole('textbox', { name: 'Keywords' });
    await user.type(keywords, 'winter');
    await user.click(within(panel('Promotion')).getByRole('checkbox', { name: 'Free shipping' }));

    await user.click(stepButton('Product information'));
    expect(within(panel('Product information')).getByRole('textbox', { name: /Product name/ })).toHaveValue('Wool scarf');
    await user.click(stepButton('Relations and detail'));
    expect(await within(panel('Relations and detail')).findByRole('combobox', { name: /Special topics/ })).toBeInTheDocument();
    expect(within(panel('Relations and detail')).getByRole('combobox', { name: /Preference areas/ })).toBeInTheDocument();
    await user.click(stepButton('Promotion'));
    expect(within(panel('Promotion')).getByRole('textbox', { name: 'Keywords' })).toHaveValue('winter');
    expect(within(panel('Promotion')).getByRole('checkbox', { name: 'Free shipping' })).toBeChecked();
  });

  it('saving from the last step shows the first step\'s errors there, marks that step and sends nothing', async () => {
    serveLookups();
    const creates = serve('post', '/product/create', () => envelope({ id: 1 }));
    renderAt('/pms/addProduct');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Next step' }));
    await user.type(within(panel('Promotion')).getByRole('textbox', { name: 'Keywords' }), 'summer');
    await user.click(stepButton('Relations and detail'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const list = await screen.findByTestId('product-form-errors');
    expect(within(list).getByRole('button', { name: /Step 1 of 4 · Product name/ })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: /Step 1 of 4 · Sub title/ })).toBeInTheDocument();
    // The first step is marked; the one saved from, which has no error, is not.
    expect(stepButton('Product information')).toHaveTextContent('Has errors');
    expect(stepButton('Relations and detail')).not.toHaveTextContent('Has errors');
    expect(creates).toHaveLength(0);

    await user.click(within(list).getByRole('button', { name: /Product name/ }));
    const step1 = panel('Product information');
    await waitFor(() => expect(within(step1).getByRole('textbox', { name: /Product name/ })).toHaveAccessibleDescription('Required'));
    // What was typed on another step is still there.
    await user.click(stepButton('Promotion'));
    expect(within(panel('Promotion')).getByRole('textbox', { name: 'Keywords' })).toHaveValue('summer');
  });

  it('makes the SKU table from the ticked specification values, keeping the SKUs already typed', async () => {
    serveLookups();
    serve('get', '/product/7', () => envelope(stored));
    renderAt('/pms/updateProduct?id=7');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Attributes and SKUs/ }));
    const step = panel('Attributes and SKUs');
    await within(step).findByRole('checkbox', { name: 'White' });
    expect(skuRows()).toHaveLength(1);

    await user.click(within(step).getByRole('checkbox', { name: 'White' }));
    await user.click(within(step).getByRole('checkbox', { name: 'M' }));
    await waitFor(() => expect(skuRows()).toHaveLength(4));
    const combos = skuRows().map((row) => within(row).getAllByRole('cell').slice(0, 2).map((c) => c.textContent).join('/'));
    expect(combos).toEqual(['Black/S', 'Black/M', 'White/S', 'White/M']);
    // The stored SKU keeps its code and price; a new one starts at the product's price.
    expect(within(skuRows()[0]!).getByRole('textbox', { name: 'SKU code' })).toHaveValue('LS-BLACK-S');
    expect(within(skuRows()[0]!).getByRole('spinbutton', { name: /Sale price/ })).toHaveValue(33);
    expect(within(skuRows()[3]!).getByRole('spinbutton', { name: /Sale price/ })).toHaveValue(30);

    await user.click(within(step).getByRole('checkbox', { name: 'Black' }));
    await waitFor(() => expect(skuRows()).toHaveLength(2));
    expect(within(step).getByRole('combobox', { name: 'Material' })).toHaveTextContent('Linen');
  });

  it('offers only freight templates of the product\'s own shop (sameAs), and saves the one picked', async () => {
    serveLookups();
    serve('get', '/product/7', () => envelope(stored));
    const picks = serve('get', '/feightTemplate/list', () => envelope(page([{ id: 4, shopId: 1, shopName: 'Demo shop', name: 'Parcel by weight', chargeType: 0 }])));
    const updates = serve('post', '/product/update/7', () => envelope(1));
    renderAt('/pms/updateProduct?id=7');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Promotion/ }));
    const picker = await within(panel('Promotion')).findByRole('combobox', { name: 'Freight template' });
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Parcel by weight' }));
    // Every search the picker made asked for the product's shop's templates only (a read of the picked one by id aside).
    const searches = picks.filter((call) => !call.query.has('ids'));
    expect(searches.length).toBeGreaterThan(0);
    expect(searches.every((call) => call.query.get('shopId') === '1')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]!.body).toMatchObject({ feightTemplateId: 4 });
  });

  it('puts a server error on a SKU under its cell on the attributes step, keeping what was typed', async () => {
    serveLookups();
    serve('get', '/product/7', () => envelope(stored));
    const updates = serve('post', '/product/update/7', () => HttpResponse.json({
      code: 404, message: 'Validation failed', messageKey: 'validation_failed', data: null,
      errors: [{ field: 'skuStockList.0.price', messageKey: 'invalid_value', message: 'Not an allowed value' }],
    }, { status: 400 }));
    renderAt('/pms/updateProduct?id=7');
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: /Product name/ });
    await user.clear(name);
    await user.type(name, 'Linen shirt II');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]!.body).toMatchObject({ name: 'Linen shirt II' });
    await waitFor(() => expect(stepButton('Attributes and SKUs')).toHaveTextContent('Has errors'));
    expect(stepButton('Product information')).not.toHaveTextContent('Has errors');
    const list = screen.getByTestId('product-form-errors');
    await user.click(within(list).getByRole('button', { name: /Step 3 of 4 · SKUs #1 Sale price/ }));
    const row = skuRows()[0]!;
    await waitFor(() => expect(within(row).getByRole('spinbutton', { name: /Sale price/ })).toHaveAccessibleDescription('Not an allowed value'));
    await user.click(stepButton('Product information'));
    expect(within(panel('Product information')).getByRole('textbox', { name: /Product name/ })).toHaveValue('Linen shirt II');
  });
});
