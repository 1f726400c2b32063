// Protects: a list's date cells (src/engine/fields.tsx dateCellText, one kept formatter) read exactly as react-admin's DateField shows them (toLocaleString per value), in both languages, bare days in UTC.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateCellText } from '../../src/engine/fields';

const VALUES = ['2026-12-10T02:00:00.000Z', '2024-02-29T23:59:59.000Z', '2024-05-01', '1999-12-31', '2026-03-08T16:05:09+08:00', Date.UTC(2025, 0, 2, 3, 4, 5)];

describe('a bare day west of UTC', () => {
  // First in the file: formatters are kept, so this one must be made here. Node follows TZ as it
  // changes: a day read in local time would be the day before here.
  let saved: string | undefined;
  beforeAll(() => { saved = process.env.TZ; process.env.TZ = 'America/New_York'; });
  afterAll(() => { if (saved === undefined) delete process.env.TZ; else process.env.TZ = saved; });

  it('is the same day', () => {
    expect(new Date('2024-05-01').toLocaleDateString('en-US')).toBe('4/30/2024');
    expect(dateCellText('2024-05-01', 'en-US', false)).toBe('5/1/2024');
    expect(dateCellText('2024-05-01', 'zh-CN', false)).toBe('2024/5/1');
  });
});

describe.each(['en-US', 'zh-CN'])('date cells (%s)', (locale) => {
  it('a date with its time reads as toLocaleString', () => {
    for (const value of VALUES) expect(dateCellText(value, locale, true), String(value)).toBe(new Date(value).toLocaleString(locale));
  });

  it('a date reads as toLocaleDateString, a bare day in UTC', () => {
    for (const value of VALUES) {
      const bareDay = typeof value === 'string' && value.length <= 10;
      expect(dateCellText(value, locale, false), String(value)).toBe(new Date(value).toLocaleDateString(locale, bareDay ? { timeZone: 'UTC' } : undefined));
    }
  });

  it('no value is no text; a value that is no date shows as it is', () => {
    for (const value of [null, undefined, '']) expect(dateCellText(value, locale, true)).toBeNull();
    expect(dateCellText('not a date', locale, true)).toBe('not a date');
  });
});
