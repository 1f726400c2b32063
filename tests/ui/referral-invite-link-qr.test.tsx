// Protects: the invite link page /rms/link draws the QR code of the seller's invite link (the lazily loaded `qrcode` library), beside the link and code to copy.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, renderAt, serve } from './entity-harness';

describe('invite link QR code', () => {
  it('shows the QR code of the link as an SVG image', async () => {
    serve('get', '/rms/link', () => envelope({ code: 'ABCD2345', link: 'http://localhost/register?code=ABCD2345' }));
    renderAt('/rms/link', { lang: 'en' });
    const image = await screen.findByRole('img', { name: 'QR code of your invite link' });
    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(decodeURIComponent(image.getAttribute('src')!)).toContain('<path');
    expect(screen.getByDisplayValue('ABCD2345')).toBeInTheDocument();
  });
});
