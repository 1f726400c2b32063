// Protects: the CSV export of a list is readable in a spreadsheet, in the chosen
// language: translated titles, labels for enums and switches, names for references, rich text as
// plain text, UTF-8 with a byte-order mark.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lang } from '../../src/i18n/lang';
import { createAdminI18nProvider as createI18nProvider } from '../../src/admin/i18n';
import { entityCsv } from '../../src/engine/exporter';
import { brand } from '../../src/schema/pms/entities';
import { mold } from '../../src/schema/mold/entities';
import { homeAdvertise } from '../../src/schema/sms/advertise';
import { envelope, page, renderAt, serve } from './entity-harness';

const BOM = '\uFEFF';
const story = '<p>Founded in <strong>1964</strong> &amp; still running.</p><p>Second line, "quoted"</p>';
const nike = { id: 1, name: 'Nike', firstLetter: 'N', sort: 9, factoryStatus: 1, showStatus: 0, productCount: 7, productCommentCount: 0, logo: 'http://img/n.png', bigPic: null, brandStory: story };
const advert = { id: 11, name: 'Summer sale', type: 1, pic: 'http://img/s.png', startTime: '2024-05-01T00:00:00.000Z', endTime: '2024-06-01T00:00:00.000Z', status: 1, clickCount: 4, orderCount: 1, url: 'https://a.example/s', note: null, sort: 0 };
const cutter = { id: 5, code: 'M-1', name: '=cmd()', shopId: 2, shopName: 'Corner shop', size: '', material: null, location: null, status: 1, usageCount: 3, ratedLife: 100, image: null, note: null, createTime: '2024-05-01T00:00:00.000Z' };

const EXPECTED = {
  en: { brandHeader: 'ID,Brand name,First letter,Sort,Manufacturer,Shown,Products,Logo,Brand story', yes: 'Yes', no: 'No', app: 'App homepage carousel', inUse: 'In use' },
  zh: { brandHeader: '编号,品牌名称,品牌首字母,排序,品牌制造商,是否显示,商品数量,品牌LOGO,品牌故事', yes: '是', no: '否', app: 'APP首页轮播', inUse: '使用中' },
} as const;

const csvRows = (csv: string) => csv.slice(1).split('\r\n');

describe.each<Lang>(['en', 'zh'])('CSV export (%s)', (lang) => {
  const { translate } = createI18nProvider(lang);
  const e = EXPECTED[lang];

  it('should start with a byte-order mark and translated column titles', () => {
    const csv = entityCsv(brand, [nike], translate);
    expect(csv.startsWith(BOM)).toBe(true);
    expect(csvRows(csv)[0]).toBe(e.brandHeader);
  });

  it('should write switches as their labels and rich text as plain text', () => {
    const [, row] = csvRows(entityCsv(brand, [nike], translate));
    expect(row).toBe(`1,Nike,N,9,${e.yes},${e.no},7,http://img/n.png,"Founded in 1964 & still running.\nSecond line, ""quoted"""`);
  });

  it('should write enums as their labels and dates as local date and time', () => {
    const [, row] = csvRows(entityCsv(homeAdvertise, [advert], translate));
    const start = new Date(advert.startTime);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(row).toContain(`,${e.app},`);
    expect(row).toContain(`${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())} ${pad(start.getHours())}:00:00`);
    expect(row).not.toContain('T00:00:00.000Z');
  });

  it('should write references by name and never a cell a spreadsheet would run', () => {
    const [, row] = csvRows(entityCsv(mold, [cutter], translate));
    expect(row).toMatch(/^5,M-1,'=cmd\(\),Corner shop,,,,/);
    expect(row).toContain(`,${e.inUse},`);
  });
});

describe('export button', () => {
  let exported: Blob[] = [];
  afterEach(() => {
    exported = [];
    vi.unstubAllGlobals();
  });

  it('should download the brand list with the stories the list answer leaves out', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => { exported.push(blob); return 'blob:csv'; }, revokeObjectURL: () => undefined }));
    serve('get', '/brand/list', () => envelope(page([{ ...nike, brandStory: null }])));
    const singles = serve('get', '/brand/1', () => envelope(nike));
    renderAt('/pms/brand', { lang: 'zh' });
    await screen.findByText('Nike');

    await userEvent.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(exported).toHaveLength(1));
    expect(singles).toHaveLength(1);
    const bytes = new Uint8Array(await exported[0]!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain('品牌名称');
    expect(text).toContain('Founded in 1964 & still running.');
  });
});
