// Protects: the rich text editor's image button (product detail, brand story): a picked JPG/PNG is checked like the upload input (type, 10 MB, decodable) before anything is sent, uploaded through POST /minio/upload and inserted into the HTML value as an <img> of the stored URL; refusals and failures are said in the chosen language (both languages).
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import { AdminContext, Form, memoryStore } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RichTextInput } from '../../src/engine/RichTextInput';
import { entityEn } from '../../src/i18n/entities/en';
import { entityZh } from '../../src/i18n/entities/zh';
import type { Lang } from '../../src/i18n/lang';
import { UPLOAD_RULES } from '../../src/schema/rules';
import { server } from './msw-server';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const STORED = '/uploads/2026/11/0b2f0c1e-1111-4222-8333-444455556666.png';
const dictionaries = { en: entityEn, zh: entityZh } as const;
const fill = (text: string, args: Record<string, unknown>) => text.replace(/%\{(\w+)\}/g, (_m, key: string) => String(args[key]));

/** Counts the uploads; answers each with STORED, or with `failure` when given. */
const uploads = (failure?: { code: number; message: string }) => {
  const calls: string[] = [];
  server.use(http.post('*/api/minio/upload', ({ request }) => {
    calls.push(request.headers.get('content-type') ?? '');
    return HttpResponse.json(failure ?? { code: 200, message: 'ok', data: { url: STORED, name: 'tote.png' } });
  }));
  return calls;
};

const renderEditor = (lang: Lang) => {
  const onSubmit = vi.fn();
  const i18nProvider = polyglotI18nProvider(() => dictionaries[lang] as unknown as TranslationMessages, lang, [{ locale: lang, name: lang }], { allowMissing: true });
  const view = render(
    <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
      <Form onSubmit={onSubmit} defaultValues={{ detailHtml: '<p>Before the picture</p>' }}>
        <RichTextInput source="detailHtml" label="Detail" />
        <button type="submit">submit</button>
      </Form>
    </AdminContext>,
  );
  return { ...view, onSubmit };
};

const picker = async (lang: Lang) => {
  // The editor starts after its first render (immediatelyRender: false): its toolbar with it.
  await screen.findByRole('button', { name: dictionaries[lang].entity.rich_text.image });
  return screen.getByTestId('rich-text-image-file') as HTMLInputElement;
};

beforeEach(() => vi.stubGlobal('createImageBitmap', async () => ({ close: () => undefined })));
afterEach(() => vi.unstubAllGlobals());

describe.each<Lang>(['en', 'zh'])('rich text image button (%s)', (lang) => {
  const words = dictionaries[lang].entity.image;

  it('uploads the picked image and inserts it as an image of the stored URL', async () => {
    const calls = uploads();
    const { onSubmit } = renderEditor(lang);
    await userEvent.upload(await picker(lang), new File([PNG], 'canvas-tote.png', { type: 'image/png' }));
    await waitFor(() => expect(document.querySelector('.ProseMirror img')).toHaveAttribute('src', STORED));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(/^multipart\/form-data/);
    await userEvent.click(screen.getByRole('button', { name: 'submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const html = String((onSubmit.mock.calls[0]![0] as { detailHtml: string }).detailHtml);
    expect(html).toContain('<p>Before the picture</p>');
    expect(html).toContain(`<img src="${STORED}" alt="canvas-tote">`);
  });

  it('refuses a wrong type, an oversize file and a file that does not decode, sending nothing', async () => {
    const calls = uploads();
    renderEditor(lang);
    const input = await picker(lang);
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input, new File(['<svg/>'], 'evil.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(fill(words.wrong_type, { name: 'evil.svg' }));
    await user.upload(input, new File([new Uint8Array(UPLOAD_RULES.maxBytes + 1)], 'huge.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(fill(words.too_big, { name: 'huge.png', size: 10 })));
    vi.stubGlobal('createImageBitmap', () => Promise.reject(new Error('cannot decode')));
    await user.upload(input, new File([new Uint8Array([1, 2, 3])], 'fake.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(fill(words.not_an_image, { name: 'fake.png' })));
    expect(calls).toEqual([]);
    expect(document.querySelector('.ProseMirror img')).toBeNull();
  });

  it('says when the server refuses the upload, and inserts nothing', async () => {
    uploads({ code: 422, message: 'invalid_image' });
    renderEditor(lang);
    await userEvent.upload(await picker(lang), new File([PNG], 'tote.png', { type: 'image/png' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(fill(words.upload_failed, { name: 'tote.png', reason: '' }).replace(/[:：]\s*$/, '').trim());
    expect(document.querySelector('.ProseMirror img')).toBeNull();
  });
});
