// Protects: entity create/edit screens (brand, advertisement): the server's rules before sending, server field errors, selective updates.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, page, renderAt, serve } from './entity-harness';

const nike = {
  id: 3, name: 'Nike', firstLetter: 'N', sort: 9, factoryStatus: 1, showStatus: 1, productCount: 7, productCommentCount: 2,
  logo: 'http://img/nike.png', bigPic: null, brandStory: '<p>Just do it</p>',
};

const validationFailure = (field: string, messageKey: string, message: string) =>
  HttpResponse.json({ code: 404, message: 'Validation failed', messageKey: 'validation_failed', data: null, errors: [{ field, messageKey, message }] }, { status: 400 });

beforeEach(() => {
  // An advertisement names its shop (empty: the platform's): the form's shop picker reads the shops.
  serve('get', '/shop/listAll', () => envelope([{ id: 1, shopName: 'Sunrise' }]));
  // jsdom has no object URLs; the image picker previews a chosen file through one.
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => undefined }));
});
afterEach(() => vi.unstubAllGlobals());

describe('brand create', () => {
  it('should show the length rule under a 1-character name and send nothing', async () => {
    const creates = serve('post', '/brand/create', () => envelope({ ...nike, id: 20 }));
    renderAt('/pms/addBrand');

    await userEvent.type(await screen.findByRole('textbox', { name: /Brand name/ }), 'N');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('length must be between 2 and 140 characters')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Brand name/ })).toHaveAccessibleDescription('length must be between 2 and 140 characters');
    expect(creates).toHaveLength(0);
  });

  it('should upload the logo, create the brand, and go back to the list', async () => {
    const uploads = serve('post', '/minio/upload', () => envelope({ url: 'http://files/logo.png', name: 'logo.png' }));
    const creates = serve('post', '/brand/create', ({ body }) => envelope({ ...nike, ...(body as object), id: 20 }));
    serve('get', '/brand/list', () => envelope(page([])));
    const { container } = renderAt('/pms/addBrand');

    await userEvent.type(await screen.findByRole('textbox', { name: /Brand name/ }), 'Acme');
    const fileInput = container.querySelector('.ra-input-logo input[type=file]') as HTMLInputElement;
    await userEvent.upload(fileInput, new File(['png'], 'logo.png', { type: 'image/png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(creates).toHaveLength(1));
    expect(uploads).toHaveLength(1);
    // jsdom's File reaches msw as a plain blob part (another realm), so only its content is checked.
    expect(((uploads[0]?.body as FormData).get('file') as Blob).type).toBe('image/png');
    expect(creates[0]?.body).toEqual({ name: 'Acme', logo: 'http://files/logo.png', sort: 0, factoryStatus: 0, showStatus: 0 });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/pms\/brand$/));
  });
});

describe('brand edit', () => {
  it('should send only the changed fields, then return to the list', async () => {
    serve('get', '/brand/3', () => envelope(nike));
    const updates = serve('post', '/brand/update/3', () => envelope(1));
    serve('get', '/brand/list', () => envelope(page([nike])));
    renderAt('/pms/updateBrand?id=3');

    const name = await screen.findByRole('textbox', { name: /Brand name/ });
    await waitFor(() => expect(name).toHaveValue('Nike'));
    await userEvent.clear(name);
    await userEvent.type(name, 'Nike Inc');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]?.body).toEqual({ name: 'Nike Inc' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/pms\/brand$/));
  });

  it('keeps what was typed when the record is read again while the form is open', async () => {
    // The list's copy fills the form at once; the record's own read answers only once released.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => { release = resolve; });
    const reads = serve('get', '/brand/3', async () => { await released; return envelope({ ...nike, sort: 10 }); });
    const updates = serve('post', '/brand/update/3', () => envelope(1));
    serve('get', '/brand/list', () => envelope(page([nike])));
    renderAt('/pms/brand');
    await userEvent.click(await screen.findByText('Nike'));

    const letter = await screen.findByRole('textbox', { name: /First letter/ });
    await waitFor(() => expect(letter).toHaveValue('N'));
    await userEvent.clear(letter);
    await userEvent.type(letter, 'Z');
    release();
    await waitFor(() => expect(reads.length).toBeGreaterThan(0));
    // The fresh copy's own change shows; the typed letter stays.
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: /Sort/ })).toHaveValue(10));
    expect(letter).toHaveValue('Z');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]?.body).toEqual({ firstLetter: 'Z' });
  });

  it('should show a server field error under the field it concerns', async () => {
    serve('get', '/brand/3', () => envelope(nike));
    const updates = serve('post', '/brand/update/3', () => validationFailure('name', 'not_unique', 'This value is already used'));
    renderAt('/pms/updateBrand?id=3');

    const name = await screen.findByRole('textbox', { name: /Brand name/ });
    await waitFor(() => expect(name).toHaveValue('Nike'));
    await userEvent.clear(name);
    await userEvent.type(name, 'Adidas');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(updates).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Brand name/ })).toHaveAccessibleDescription('This value is already used'));
    expect(screen.getByTestId('location')).toHaveTextContent('/pms/updateBrand?id=3');
  });

  it('should show server-managed fields read-only', async () => {
    serve('get', '/brand/3', () => envelope(nike));
    renderAt('/pms/updateBrand?id=3');
    await screen.findByRole('textbox', { name: /Brand name/ });
    expect(screen.getByText('Products')).toBeInTheDocument();
    expect(screen.getByText('7')).toBeInTheDocument();
    expect(screen.queryByRole('spinbutton', { name: 'Products' })).toBeNull();
  });

  it('should delete after confirmation and return to the list', async () => {
    serve('get', '/brand/3', () => envelope(nike));
    const deletes = serve('post', '/brand/delete/3', () => envelope(null));
    serve('get', '/brand/list', () => envelope(page([])));
    const { container } = renderAt('/pms/updateBrand?id=3');
    await screen.findByRole('textbox', { name: /Brand name/ });

    // The logo preview has its own "Delete" (remove image) button; this is the record's.
    await userEvent.click(container.querySelector('.ra-delete-button') as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete "Nike"?');
    expect(deletes).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(deletes).toHaveLength(1));
    expect(await screen.findByText('Deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/pms\/brand$/));
  });

  it('should say so when the URL has no id', async () => {
    renderAt('/pms/updateBrand');
    expect(await screen.findByText('This screen is not available')).toBeInTheDocument();
  });
});

describe('advertisement create', () => {
  it('should refuse an expire time before the start time without sending', async () => {
    const creates = serve('post', '/home/advertise/create', () => envelope({ id: 30 }));
    renderAt('/sms/addHomeAdvertise');

    await userEvent.type(await screen.findByRole('textbox', { name: /Advertisement name/ }), 'Spring sale');
    fireEvent.change(await screen.findByRole('textbox', { name: /Start time/ }), { target: { value: '05/02/2024 10:00 AM' } });
    fireEvent.change(await screen.findByRole('textbox', { name: /Expire time/ }), { target: { value: '05/01/2024 10:00 AM' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The expire time must be after the start time')).toBeInTheDocument();
    expect(creates).toHaveLength(0);
  });
});
