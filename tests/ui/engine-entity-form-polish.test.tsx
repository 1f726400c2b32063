// Protects: forms speak the chosen language and guard the user's work — no
// browser-native validation bubbles, a URL field that takes only web addresses, an image that does
// not decode refused when chosen, a changed dialog form that asks before closing, long forms in
// two columns where fields are short.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../src/schema/api';
import { errorsZh } from '../../src/i18n/errors';
import { entityEn } from '../../src/i18n/entities/en';
import { entityZh } from '../../src/i18n/entities/zh';
import { strings as omsStrings } from '../../src/resources/oms/strings';
import { strings as pmsStrings } from '../../src/resources/pms/strings';
import { strings as smsStrings } from '../../src/resources/sms/strings';
import type { Lang } from '../../src/i18n/lang';
import { envelope, page, renderAt, serve } from './entity-harness';

const dictionary = {
  en: { entity: entityEn.entity, resources: { ...smsStrings.en.resources, ...pmsStrings.en.resources, ...omsStrings.en.resources } },
  zh: { entity: entityZh.entity, resources: { ...smsStrings.zh.resources, ...pmsStrings.zh.resources, ...omsStrings.zh.resources } },
} as const;
const URL_ERROR = { en: MESSAGES.invalid_url, zh: errorsZh.invalid_url } as const;
const SAVE = { en: 'Save', zh: '保存' } as const;
const CANCEL = { en: 'Cancel', zh: '取消' } as const;
const ADD = { en: 'Add', zh: '添加' } as const;

/** Bytes that start like a PNG but are not one (a renamed text file would do the same). */
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47];
const startsAsPng = async (blob: Blob) => {
  const head = new Uint8Array(await blob.slice(0, 4).arrayBuffer());
  return PNG_MAGIC.every((byte, i) => head[i] === byte);
};

beforeEach(() => {
  // An advertisement names its shop (empty: the platform's): the form's shop picker reads the shops.
  serve('get', '/shop/listAll', () => envelope([{ id: 1, shopName: 'Sunrise' }]));
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => undefined }));
  // jsdom cannot decode images; this stands in for the browser's decoder: only real PNG bytes decode.
  vi.stubGlobal('createImageBitmap', async (blob: Blob) => {
    if (!(await startsAsPng(blob))) throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
    return { close: () => undefined };
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('forms without browser validation', () => {
  it('should turn off native validation bubbles and set no required attribute', async () => {
    const { container } = renderAt('/pms/addBrand');
    await screen.findByRole('textbox', { name: /Brand name/ });
    const form = container.querySelector('form');
    expect(form).toHaveAttribute('novalidate');
    expect(container.querySelectorAll('[required]')).toHaveLength(0);
  });

  it('should lay short fields out side by side and long ones across the form', async () => {
    const { container } = renderAt('/pms/addBrand');
    await screen.findByRole('textbox', { name: /Brand name/ });
    // The image input loads in its own chunk, a moment after the form.
    await waitFor(() => expect(container.querySelector('.ra-input-logo')).not.toBeNull());
    const cellOf = (selector: string) => (container.querySelector(selector) as HTMLElement).parentElement as HTMLElement;
    const grid = cellOf('.ra-input-name').parentElement as HTMLElement;
    expect(getComputedStyle(grid).display).toBe('grid');
    expect(getComputedStyle(cellOf('.ra-input-name')).gridColumn).toBe('');
    expect(getComputedStyle(cellOf('.ra-input-logo')).gridColumn.replace(/ /g, '')).toBe('1/-1');
  });
});

describe.each<Lang>(['en', 'zh'])('form checks in the chosen language (%s)', (lang) => {
  const fields = dictionary[lang].resources.homeAdvertise.fields;

  it('should refuse a jump URL that is not a web address before sending', async () => {
    const creates = serve('post', '/home/advertise/create', () => envelope({ id: 1 }));
    renderAt('/sms/addHomeAdvertise', { lang });
    const url = await screen.findByRole('textbox', { name: new RegExp(fields.url) });
    await userEvent.type(url, 'javascript:alert(1)');
    await userEvent.click(screen.getByRole('button', { name: SAVE[lang] }));

    expect(await screen.findByText(URL_ERROR[lang])).toBeInTheDocument();
    expect(creates).toHaveLength(0);
    await userEvent.clear(url);
    await userEvent.type(url, 'https://shop.example/sale');
    await waitFor(() => expect(screen.queryByText(URL_ERROR[lang])).toBeNull());
  });

  it('should refuse an image that does not decode when it is chosen, not on Save', async () => {
    const { container } = renderAt('/pms/addBrand', { lang });
    await screen.findByRole('textbox', { name: new RegExp(dictionary[lang].resources.brand.fields.name) });
    const input = container.querySelector('.ra-input-logo input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, new File(['not an image'], 'fake.png', { type: 'image/png' }));

    const message = dictionary[lang].entity.image.not_an_image.replace('%{name}', 'fake.png');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(container.querySelector('.ra-input-logo img')).toBeNull();

    serve('post', '/minio/upload', () => envelope({ url: '/uploads/2026/01/real.png', name: 'real.png' }));
    await userEvent.upload(input, new File([new Uint8Array([...PNG_MAGIC, 0x0d, 0x0a])], 'real.png', { type: 'image/png' }));
    await waitFor(() => expect(container.querySelector('.ra-input-logo img')).not.toBeNull());
  });

  it('should ask before closing a changed dialog form, and not ask for an untouched one', async () => {
    serve('get', '/returnReason/list', () => envelope(page([{ id: 1, name: 'Too small', sort: 0, status: 1, createTime: null }])));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderAt('/oms/returnReason', { lang });
    const reason = new RegExp(dictionary[lang].resources.returnReason.fields.name);

    await screen.findByText('Too small');
    await userEvent.click(screen.getAllByRole('button', { name: ADD[lang] })[0]!);
    let dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: CANCEL[lang] }));
    expect(confirm).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getAllByRole('button', { name: ADD[lang] })[0]!);
    dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: reason }), 'Broken');
    await userEvent.click(within(dialog).getByRole('button', { name: CANCEL[lang] }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    confirm.mockReturnValue(true);
    await userEvent.keyboard('{Escape}');
    expect(confirm).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
