// Protects: date and date-time inputs (forms and list filters) follow the chosen language, not the browser's (jsdom's is en-US), and keep the wire values.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Lang } from '../../src/i18n/lang';
import { envelope, page, renderAt, serve } from './entity-harness';

const START = '2026-12-10T02:00:00.000Z';
const END = '2026-12-31T15:30:00.000Z';
const advert = { id: 11, name: 'Summer sale', type: 1, pic: 'http://img/s.png', startTime: START, endTime: END, status: 1, clickCount: 0, orderCount: 0, url: 'https://a.example/s', note: null, sort: 0 };
const entry = { id: 7, adminId: null, action: 'create', entity: 'pms_brand', entityId: '1', ip: '10.0.0.7', createTime: START };

const pad = (n: number) => String(n).padStart(2, '0');
/** What each language writes for a local time: `2026/12/10 10:00` in Chinese, `12/10/2026 10:00 AM` in English. */
const shown = (lang: Lang, time: Date): string => {
  const [y, m, d, h, min] = [time.getFullYear(), pad(time.getMonth() + 1), pad(time.getDate()), time.getHours(), pad(time.getMinutes())];
  if (lang === 'zh') return `${y}/${m}/${d} ${pad(h)}:${min}`;
  return `${m}/${d}/${y} ${pad(h % 12 === 0 ? 12 : h % 12)}:${min} ${h < 12 ? 'AM' : 'PM'}`;
};
const TEXT = {
  en: { day: '05/01/2024', placeholder: 'MM/DD/YYYY', from: 'Time from', start: 'Start time', save: 'Save', required: 'Required', half: 'MM/10/2026 02:00 AM' },
  zh: { day: '2024/05/01', placeholder: 'YYYY/MM/DD', from: '时间起', start: '开始时间', save: '保存', required: '必填', half: 'YYYY/12/10 02:00' },
} as const;

const startInput = async (lang: Lang) => screen.findByRole('textbox', { name: new RegExp(TEXT[lang].start) });

describe.each<Lang>(['en', 'zh'])('date inputs in the chosen language (%s)', (lang) => {
  // An advertisement names its shop (empty: the platform's): the form's shop picker reads the shops.
  beforeEach(() => { serve('get', '/shop/listAll', () => envelope([{ id: 1, shopName: 'Sunrise' }])); });
  it('should write a date filter in the chosen convention and send YYYY-MM-DD', async () => {
    const lists = serve('get', '/auditLog/list', () => envelope(page([entry])));
    // The entry's record is named from its own list; none is found here.
    serve('get', '/brand/list', () => envelope(page([])));
    renderAt('/ums/auditLog', { lang });

    const from = await screen.findByRole('textbox', { name: TEXT[lang].from });
    expect(from).toHaveAttribute('placeholder', TEXT[lang].placeholder);
    fireEvent.change(from, { target: { value: TEXT[lang].day } });
    await waitFor(() => expect(lists.at(-1)?.query.get('createTimeFrom')).toBe('2024-05-01'));
    expect(from).toHaveValue(TEXT[lang].day);
  });

  it('should show a date-time in the chosen convention and save what is written as an ISO instant', async () => {
    serve('get', '/home/advertise/11', () => envelope(advert));
    const updates = serve('post', '/home/advertise/update/11', () => envelope(1));
    // Saved, the form goes back to the list.
    serve('get', '/home/advertise/list', () => envelope(page([advert])));
    renderAt('/sms/updateHomeAdvertise?id=11', { lang });

    const start = await startInput(lang);
    await waitFor(() => expect(start).toHaveValue(shown(lang, new Date(START))));
    const written = new Date(2026, 11, 20, 15, 30);
    fireEvent.change(start, { target: { value: shown(lang, written) } });
    await userEvent.click(screen.getByRole('button', { name: TEXT[lang].save }));

    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]?.body).toMatchObject({ startTime: written.toISOString() });
    expect(updates[0]?.body).not.toHaveProperty('endTime');
  });

  it('should refuse a half-erased date-time under its field instead of saving the old one', async () => {
    serve('get', '/home/advertise/11', () => envelope(advert));
    const updates = serve('post', '/home/advertise/update/11', () => envelope(1));
    renderAt('/sms/updateHomeAdvertise?id=11', { lang });

    const start = await startInput(lang);
    await waitFor(() => expect(start).toHaveValue(shown(lang, new Date(START))));
    // The click selects the first section (month in English, year in Chinese); Delete empties it.
    await userEvent.click(start);
    await userEvent.keyboard('{Delete}');
    await waitFor(() => expect(start).toHaveValue(TEXT[lang].half));
    await userEvent.click(screen.getByRole('button', { name: TEXT[lang].save }));

    expect(await screen.findByText(TEXT[lang].required)).toBeInTheDocument();
    expect(updates).toHaveLength(0);
  });
});
