// Protects: the image upload input: wrong types, oversize files and picks past maxCount refused before sending (both languages); progress while uploading, preview and removal; a Save during an upload waits for it.
import { screen, waitFor, within } from '@testing-library/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import { AdminContext, Form, memoryStore } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImageUploadInput } from '../../src/engine/ImageUpload';
import { entityEn } from '../../src/i18n/entities/en';
import { entityZh } from '../../src/i18n/entities/zh';
import type { Lang } from '../../src/i18n/lang';
import { UPLOAD_RULES } from '../../src/schema/rules';
import { server } from './msw-server';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const png = (extra: number) => new File([PNG, new Uint8Array(extra)], `p${extra}.png`, { type: 'image/png' });
/** The URL the fake server gives the n-th upload it receives (jsdom's XHR body reaches msw without the file's name or bytes). */
const urlOf = (n: number) => `/uploads/2026/01/n${n}.png`;
const dictionaries = { en: entityEn, zh: entityZh } as const;
const words = (lang: Lang) => dictionaries[lang].entity.image;
const fill = (text: string, args: Record<string, unknown>) => text.replace(/%\{(\w+)\}/g, (_m, key: string) => String(args[key]));

/** Answers uploads only when the test lets them (`release`), so an upload's in-between state can be looked at. */
const slowUploads = () => {
  const calls: number[] = [];
  const waiting: (() => void)[] = [];
  server.use(http.post('*/api/minio/upload', async ({ request }) => {
    expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data/);
    calls.push(calls.length + 1);
    const n = calls.length;
    await new Promise<void>((resolve) => waiting.push(resolve));
    return HttpResponse.json({ code: 200, message: 'ok', data: { url: urlOf(n), name: 'p.png' } });
  }));
  const release = async () => {
    await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
    waiting.shift()!();
  };
  return { calls, release };
};

const renderInput = (lang: Lang, props: { multiple: boolean; maxCount?: number }, onSubmit = vi.fn()) => {
  const i18nProvider = polyglotI18nProvider(() => dictionaries[lang] as unknown as TranslationMessages, lang, [{ locale: lang, name: lang }], { allowMissing: true });
  const view = render(
    <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
      <Form onSubmit={onSubmit}>
        <ImageUploadInput source="pics" label="Pictures" {...props} />
        <button type="submit">submit</button>
      </Form>
    </AdminContext>,
  );
  const input = view.container.querySelector('input[type=file]') as HTMLInputElement;
  return { ...view, input, onSubmit };
};

beforeEach(() => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => undefined }));
  vi.stubGlobal('createImageBitmap', async () => ({ close: () => undefined }));
});
afterEach(() => vi.unstubAllGlobals());

describe.each<Lang>(['en', 'zh'])('image upload input (%s)', (lang) => {
  it('refuses a wrong type and an oversize file before sending anything', async () => {
    const uploads = slowUploads();
    const { input } = renderInput(lang, { multiple: true, maxCount: 3 });
    // `applyAccept: false`: the chooser's filter is only a hint; a dropped or forced file is checked too.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input, [
      new File(['<svg/>'], 'evil.svg', { type: 'image/svg+xml' }),
      new File([new Uint8Array(UPLOAD_RULES.maxBytes + 1)], 'huge.png', { type: 'image/png' }),
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(fill(words(lang).wrong_type, { name: 'evil.svg' }));
    expect(alert).toHaveTextContent(fill(words(lang).too_big, { name: 'huge.png', size: 10 }));
    expect(uploads.calls).toEqual([]);
    expect(screen.queryAllByRole('img')).toHaveLength(0);
  });

  it('shows progress while uploading, then the preview; removal takes the image out of the value', async () => {
    const uploads = slowUploads();
    const { input, onSubmit } = renderInput(lang, { multiple: true, maxCount: 3 });
    await userEvent.upload(input, [png(1), png(2)]);
    const progress = await screen.findAllByRole('progressbar');
    expect(progress).toHaveLength(2);
    expect(progress[0]).toHaveAccessibleName(fill(words(lang).uploading, { name: 'p1.png' }));
    await uploads.release();
    await uploads.release();
    await waitFor(() => expect(screen.queryAllByRole('progressbar')).toHaveLength(0));
    await waitFor(() => expect(screen.getAllByRole('img').map((img) => img.getAttribute('src')))
      .toEqual([urlOf(1), urlOf(2)]));

    const first = screen.getAllByRole('img')[0]!.parentElement as HTMLElement;
    await userEvent.click(within(first).getByRole('button', { name: words(lang).remove }));
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toEqual({ pics: [urlOf(2)] });
    expect(uploads.calls).toHaveLength(2);
  });

  it('takes at most maxCount images, saying so, and sends only those', async () => {
    const uploads = slowUploads();
    const { input } = renderInput(lang, { multiple: true, maxCount: 2 });
    await userEvent.upload(input, [png(1), png(2), png(3)]);
    expect(await screen.findByRole('alert')).toHaveTextContent(fill(words(lang).too_many, { maxCount: 2 }));
    await uploads.release();
    await uploads.release();
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(2));
    expect(uploads.calls).toHaveLength(2);
    // Full: the chooser is off, and a further pick is refused without sending.
    expect(screen.getByRole('button', { name: words(lang).choose })).toBeDisabled();
    await userEvent.upload(input, [png(4)]);
    expect(await screen.findByRole('alert')).toHaveTextContent(fill(words(lang).too_many, { maxCount: 2 }));
    expect(uploads.calls).toHaveLength(2);
  });

  it('a single image is replaced by the next one; removing a running upload cancels it', async () => {
    const uploads = slowUploads();
    const { input, onSubmit } = renderInput(lang, { multiple: false });
    await userEvent.upload(input, png(1));
    await screen.findByRole('progressbar');
    await userEvent.click(screen.getByRole('button', { name: words(lang).remove }));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(screen.queryAllByRole('img')).toHaveLength(0);

    await userEvent.upload(input, png(2));
    await screen.findByRole('progressbar');
    // The cancelled request may have reached the server; its answer goes nowhere.
    await uploads.release();
    if (uploads.calls.length > 1) await uploads.release();
    const last = urlOf(uploads.calls.length);
    await waitFor(() => expect(screen.getByRole('img')).toHaveAttribute('src', last));
    expect(screen.getAllByRole('img')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toEqual({ pics: last });
  });
});
