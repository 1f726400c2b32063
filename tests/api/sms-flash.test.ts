// Protects: flash sales on mall's paths (src/schema/sms/flash.ts, server/areas/sms/flash.ts): a sale's dates, sessions as times of day that never overlap while enabled (also two parallel enables), mall's unpaged session list and select list with product counts, and a sale's products: created as a list, listed by sale and session with their product, flash price within the product's price, counts within its stock shared by the sale's sessions (unless unlimited), per-buyer limit within the count, each product once per session (also under parallel adds); every refusal names its field and changes nothing. SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/schema/api';
import { errorsZh } from '../../src/i18n/errors';
import { product } from '../../src/schema/pms/product';
import { apiSuite } from '../helpers/api-suite';
import { API } from '../helpers/entity-bodies';
import { testDialects } from '../helpers/test-db';

type Rec = Record<string, unknown> & { id: number };

describe.each(testDialects())('flash sales (%s)', (dialect) => {
  const s = apiSuite(dialect);

  const ok = <T>(answer: { status: number; raw: string; body: { data: T } }): T => {
    expect(answer.status, answer.raw).toBe(200);
    return answer.body.data;
  };
  /** A refusal naming exactly these fields with these message keys. */
  const refused = (answer: { status: number; raw: string; body: { errors?: { field: string; messageKey: string }[] } }, errors: [string, string][], status = 400) => {
    expect(answer.status, answer.raw).toBe(status);
    expect(answer.body.errors?.map((e) => [e.field, e.messageKey]), answer.raw).toEqual(errors);
  };
  const tables = async () => Promise.all(['sms_flash_promotion', 'sms_flash_promotion_session', 'sms_flash_promotion_product_relation']
    .map((table) => s.db.selectFrom(table as never).selectAll().orderBy('id' as never).execute()));

  const newSale = async (extra: Record<string, unknown> = {}): Promise<number> =>
    ok(await s.post<Rec>(`${API}/flash/create`, { title: 'Flash week', startDate: '2026-05-01', endDate: '2026-05-07', status: 1, ...extra })).id;
  const newSession = async (startTime: string, endTime: string, status = 1): Promise<number> =>
    ok(await s.post<Rec>(`${API}/flashSession/create`, { name: `S ${startTime}`, startTime, endTime, status })).id;
  // On sale and verified: promotions refuse any other product.
  const newProduct = async (price: number, stock: number): Promise<Rec> => {
    const made = await s.fx.create(product, 0, { price, stock });
    await s.db.updateTable('pms_product').set({ publish_status: 1, verify_status: 1 }).where('id', '=', made.id).execute();
    return made;
  };
  const relationsOf = async (saleId: number, sessionId: number): Promise<Rec[]> =>
    ok(await s.get<Page<Rec>>(`${API}/flashProductRelation/list?flashPromotionId=${saleId}&flashPromotionSessionId=${sessionId}&pageNum=1&pageSize=50`)).list;
  const addProducts = (rows: Record<string, unknown>[]) => s.post<number>(`${API}/flashProductRelation/create`, rows);

  describe('sales', () => {
    it('creates, lists by keyword, switches online and refuses an end before the start', async () => {
      const id = await newSale({ title: 'Keyword sale', status: 0 });
      const listed = ok(await s.get<Page<Rec>>(`${API}/flash/list?keyword=keyword&pageNum=1&pageSize=5`));
      expect(listed.list.map((r) => [r.id, r.title, r.startDate, r.endDate, r.status])).toEqual([[id, 'Keyword sale', '2026-05-01', '2026-05-07', 0]]);
      expect(ok(await s.post(`${API}/flash/update/status/${id}?status=1`))).toBe(1);
      expect(ok(await s.get<Rec>(`${API}/flash/${id}`)).status).toBe(1);
      // A one-day sale is fine; an end before the start is not, on create or update.
      expect(ok(await s.post(`${API}/flash/update/${id}`, { endDate: '2026-05-01' }))).toBe(1);
      const before = await tables();
      refused(await s.post(`${API}/flash/create`, { title: 'Backwards', startDate: '2026-05-07', endDate: '2026-05-01' }), [['endDate', 'end_date_before_start']]);
      refused(await s.post(`${API}/flash/update/${id}`, { startDate: '2026-05-02' }), [['endDate', 'end_date_before_start']]);
      expect(await tables()).toEqual(before);
    });
  });

  describe('only what is for sale', () => {
    it('refuses an off-sale, unverified or recycled product in a session and on the product lists, with the reason, saving nothing', async () => {
      const [sale, session] = [await newSale(), await newSession('21:00:00', '21:10:00', 0)];
      const cases = [
        [{ publish_status: 0 }, 'product_off_sale'], [{ verify_status: 0 }, 'product_unverified'], [{ delete_status: 1 }, 'product_recycled'],
      ] as const;
      for (const [state, key] of cases) {
        const item = await newProduct(50, 100);
        await s.db.updateTable('pms_product').set(state).where('id', '=', item.id).execute();
        const before = await tables();
        // A product in the recycle bin is no record to point at: the reference check refuses it first
        // (the flash product's own message for it, the lists' invalid_reference).
        const expected = key === 'product_recycled' ? ['invalid_reference', 'promotion_product_not_shop', key] : [key];
        const flash = await addProducts([{ flashPromotionId: sale, flashPromotionSessionId: session, productId: item.id, flashPromotionCount: 1 }]);
        expect(flash.status, flash.raw).toBe(400);
        expect(flash.body.errors?.map((e) => e.messageKey).some((k) => expected.includes(k)), flash.raw).toBe(true);
        for (const list of ['newProduct', 'recommendProduct']) {
          const listed = await s.post(`${API}/home/${list}/create`, [{ productId: item.id }]);
          expect(listed.status, listed.raw).toBe(400);
          expect(listed.body.errors?.map((e) => e.messageKey).some((k) => expected.includes(k)), listed.raw).toBe(true);
        }
        expect(await tables()).toEqual(before);
        expect(errorsZh[key]).toMatch(/[\u4e00-\u9fff]/);
      }
      // The rows show the product's price, stock and state.
      const item = await newProduct(40, 9);
      expect(ok(await addProducts([{ flashPromotionId: sale, flashPromotionSessionId: session, productId: item.id, flashPromotionCount: 1 }]))).toBe(1);
      expect((await relationsOf(sale, session))[0]!.product).toMatchObject({ id: item.id, price: 40, stock: 9, publishStatus: 1, verifyStatus: 1, deleteStatus: 0 });
    });
  });

  describe('sessions', () => {
    it('keeps times of day, answers mall\'s plain list, and refuses an end not after the start or a time that is none', async () => {
      const id = await newSession('09:00', '09:30', 0);
      // Answered on 1970-01-01 without an offset: mall's lists parse a date-time (a bare time is "Invalid Date").
      expect(ok(await s.get<Rec>(`${API}/flashSession/${id}`))).toMatchObject({ startTime: '1970-01-01T09:00:00', endTime: '1970-01-01T09:30:00', status: 0 });
      const plain = ok(await s.get<Rec[]>(`${API}/flashSession/list`));
      expect(Array.isArray(plain) && plain.some((r) => r.id === id)).toBe(true);
      const before = await tables();
      refused(await s.post(`${API}/flashSession/create`, { name: 'Backwards', startTime: '10:00:00', endTime: '09:00:00' }), [['endTime', 'end_time_not_after_start']]);
      refused(await s.post(`${API}/flashSession/create`, { name: 'Empty', startTime: '10:00:00', endTime: '10:00:00' }), [['endTime', 'end_time_not_after_start']]);
      refused(await s.post(`${API}/flashSession/create`, { name: 'No time', startTime: '25:00', endTime: '26:00' }), [['startTime', 'invalid_format'], ['endTime', 'invalid_format']]);
      expect(await tables()).toEqual(before);
    });

    it('refuses an enabled session overlapping another enabled one, on create, update and switch; touching ends are fine', async () => {
      await newSession('12:00:00', '14:00:00');
      const before = await tables();
      refused(await s.post(`${API}/flashSession/create`, { name: 'Clash', startTime: '13:00:00', endTime: '15:00:00', status: 1 }), [['startTime', 'flash_sessions_overlap']]);
      const answer = await s.post(`${API}/flashSession/create`, { name: 'Inside', startTime: '12:30:00', endTime: '13:00:00', status: 1 });
      expect(answer.body.errors?.[0]).toMatchObject({ params: { name: 'S 12:00:00', start: '12:00:00', end: '14:00:00' } });
      expect(await tables()).toEqual(before);
      // Back to back, and a disabled one over it, pass.
      const after = await newSession('14:00:00', '15:00:00');
      const idle = await newSession('13:00:00', '14:30:00', 0);
      const held = await tables();
      refused(await s.post(`${API}/flashSession/update/status/${idle}?status=1`), [['status', 'flash_sessions_overlap']]);
      refused(await s.post(`${API}/flashSession/update/${after}`, { startTime: '13:59:00' }), [['startTime', 'flash_sessions_overlap']]);
      expect(await tables()).toEqual(held);
      // The screens show each refusal in Chinese too (the server names the key).
      for (const key of ['flash_price_above_price', 'flash_count_above_stock', 'flash_limit_above_count', 'flash_sessions_overlap', 'flash_product_repeated', 'end_date_before_start', 'end_time_not_after_start'] as const) {
        expect(errorsZh[key]).toMatch(/[\u4e00-\u9fff]/);
      }
    });

    it('lets exactly one of two parallel enables of overlapping sessions win', async () => {
      const a = await newSession('16:00:00', '17:00:00', 0);
      const b = await newSession('16:30:00', '17:30:00', 0);
      const answers = await Promise.all([s.post(`${API}/flashSession/update/status/${a}?status=1`), s.post(`${API}/flashSession/update/status/${b}?status=1`)]);
      expect(answers.map((x) => x.status).sort()).toEqual([200, 400]);
      const rows = await s.db.selectFrom('sms_flash_promotion_session').select('status').where('id', 'in', [a, b]).execute();
      expect(rows.map((r) => Number(r.status)).sort()).toEqual([0, 1]);
    });

    it('select list: enabled sessions only, each with its number of products in that sale', async () => {
      const sale = await newSale();
      const other = await newSale();
      const on = await newSession('18:00:00', '19:00:00');
      const off = await newSession('18:00:00', '19:00:00', 0);
      const [p1, p2] = [await newProduct(50, 100), await newProduct(60, 100)];
      expect(ok(await addProducts([{ flashPromotionId: sale, flashPromotionSessionId: on, productId: p1.id }, { flashPromotionId: sale, flashPromotionSessionId: on, productId: p2.id }]))).toBe(2);
      expect(ok(await addProducts([{ flashPromotionId: other, flashPromotionSessionId: on, productId: p1.id }]))).toBe(1);
      const listed = ok(await s.get<Rec[]>(`${API}/flashSession/selectList?flashPromotionId=${sale}`));
      expect(listed.every((r) => r.status === 1)).toBe(true);
      expect(listed.find((r) => r.id === on)).toMatchObject({ name: 'S 18:00:00', productCount: 2 });
      expect(listed.some((r) => r.id === off)).toBe(false);
      refused(await s.get(`${API}/flashSession/selectList`), [['flashPromotionId', 'required']]);
      // A session holding products is not deleted; a sale goes with its products.
      const before = await tables();
      const kept = await s.post(`${API}/flashSession/delete/${on}`);
      expect(kept.status, kept.raw).toBe(409);
      expect(kept.body).toMatchObject({ messageKey: 'flash_session_has_products' });
      expect(await tables()).toEqual(before);
      expect(ok(await s.post(`${API}/flash/delete/${other}`))).toBe(1);
      expect(await s.db.selectFrom('sms_flash_promotion_product_relation').select('id').where('flash_promotion_id', '=', other).execute()).toEqual([]);
    });
  });

  describe('products of a sale\'s session', () => {
    it('lists by sale and session, sort descending, each with its product, and takes mall\'s posted-back row', async () => {
      const sale = await newSale();
      const session = await newSession('08:00:00', '08:30:00', 0);
      const [p1, p2] = [await newProduct(80, 20), await newProduct(120.5, -1)];
      // mall's screen posts the picks as strings sometimes: numeric strings are numbers.
      ok(await addProducts([{ flashPromotionId: String(sale), flashPromotionSessionId: session, productId: p1.id }, { flashPromotionId: sale, flashPromotionSessionId: session, productId: p2.id }]));
      let rows = await relationsOf(sale, session);
      // Sort descending, ties newest first (the id in the same direction).
      expect(rows.map((r) => [r.productId, r.flashPromotionPrice, r.flashPromotionCount, r.flashPromotionLimit, r.sort])).toEqual([[p2.id, null, null, null, 0], [p1.id, null, null, null, 0]]);
      expect(rows[0]!.product).toEqual({ id: p2.id, name: p2.name, productSn: p2.productSn, price: 120.5, stock: -1, publishStatus: 1, verifyStatus: 1, deleteStatus: 0 });
      // The whole row as listed goes back to the older one, nested product and ids included: they are ignored.
      const edited = { ...rows[1]!, product: rows[0]!.product, flashPromotionPrice: '59.90', flashPromotionCount: 20, flashPromotionLimit: 3, sort: 9 };
      expect(ok(await s.post(`${API}/flashProductRelation/update/${edited.id}`, edited))).toBe(1);
      rows = await relationsOf(sale, session);
      expect(rows[0]).toMatchObject({ id: edited.id, productId: p1.id, flashPromotionPrice: 59.9, flashPromotionCount: 20, flashPromotionLimit: 3, sort: 9 });
      expect(ok(await s.post(`${API}/flashProductRelation/delete/${edited.id}`))).toBe(1);
      expect((await relationsOf(sale, session)).map((r) => r.productId)).toEqual([p2.id]);
    });

    it('refuses a flash price above the product\'s price, negative or with more than two decimals; a count above the stock; a limit above the count', async () => {
      const sale = await newSale();
      const session = await newSession('08:30:00', '09:00:00', 0);
      const item = await newProduct(100, 10);
      const [row] = await (async () => {
        ok(await addProducts([{ flashPromotionId: sale, flashPromotionSessionId: session, productId: item.id }]));
        return relationsOf(sale, session);
      })();
      const url = `${API}/flashProductRelation/update/${row!.id}`;
      const before = await tables();
      refused(await s.post(url, { flashPromotionPrice: 100.01 }), [['flashPromotionPrice', 'flash_price_above_price']]);
      expect((await s.post<unknown>(url, { flashPromotionPrice: 100.01 })).body.errors?.[0]).toMatchObject({ params: { max: 100 } });
      refused(await s.post(url, { flashPromotionPrice: -1 }), [['flashPromotionPrice', 'too_small']]);
      refused(await s.post(url, { flashPromotionPrice: 9.999 }), [['flashPromotionPrice', 'invalid_format']]);
      refused(await s.post(url, { flashPromotionCount: 11 }), [['flashPromotionCount', 'flash_count_above_stock']]);
      refused(await s.post(url, { flashPromotionCount: 5, flashPromotionLimit: 6 }), [['flashPromotionLimit', 'flash_limit_above_count']]);
      refused(await s.post(url, { flashPromotionCount: '5', flashPromotionLimit: '6' }), [['flashPromotionLimit', 'flash_limit_above_count']]);
      refused(await s.post(url, { flashPromotionCount: 0 }), [['flashPromotionCount', 'too_small']]);
      refused(await s.post(url, { flashPromotionLimit: -1 }), [['flashPromotionLimit', 'too_small']]);
      // On create too, named by the row.
      const other = await newSession('09:00:00', '09:10:00', 0);
      const sessionsBefore = await tables();
      refused(await addProducts([{ flashPromotionId: sale, flashPromotionSessionId: other, productId: item.id, flashPromotionPrice: 101 }]),
        [['0.flashPromotionPrice', 'flash_price_above_price']]);
      refused(await addProducts([{ flashPromotionId: sale, flashPromotionSessionId: other, productId: item.id, flashPromotionPrice: -0.01 }]),
        [['0.flashPromotionPrice', 'too_small']]);
      refused(await addProducts([{ flashPromotionId: sale, flashPromotionSessionId: other, productId: item.id, flashPromotionPrice: '9.999' }]),
        [['0.flashPromotionPrice', 'invalid_format']]);
      refused(await addProducts([{ flashPromotionId: sale, flashPromotionSessionId: other, productId: item.id, flashPromotionCount: 11 }]),
        [['0.flashPromotionCount', 'flash_count_above_stock']]);
      refused(await addProducts([{ flashPromotionId: sale, flashPromotionSessionId: other, productId: item.id, flashPromotionCount: 3, flashPromotionLimit: 4 }]),
        [['0.flashPromotionLimit', 'flash_limit_above_count']]);
      expect(await tables()).toEqual(sessionsBefore);
      expect(await tables()).toMatchObject([before[0], expect.anything(), before[2]]);
      // At the bounds, it is taken.
      expect(ok(await s.post(url, { flashPromotionPrice: 100, flashPromotionCount: 10, flashPromotionLimit: 10 }))).toBe(1);
      // One of the pair sent is checked against the other as stored: a limit above the stored count, a count below the stored limit.
      const held = await tables();
      refused(await s.post(url, { flashPromotionLimit: 11 }), [['flashPromotionLimit', 'flash_limit_above_count']]);
      refused(await s.post(url, { flashPromotionCount: 9 }), [['flashPromotionLimit', 'flash_limit_above_count']]);
      expect(await tables()).toEqual(held);
    });

    it('takes any flash count for a product of unlimited stock (-1)', async () => {
      const sale = await newSale();
      const session = await newSession('05:00:00', '05:10:00', 0);
      const item = await newProduct(20, -1);
      expect(ok(await addProducts([{ flashPromotionId: sale, flashPromotionSessionId: session, productId: item.id, flashPromotionCount: 1_000_000, flashPromotionLimit: 5 }]))).toBe(1);
      const [row] = await relationsOf(sale, session);
      expect(row).toMatchObject({ flashPromotionCount: 1_000_000, flashPromotionLimit: 5 });
      expect(ok(await s.post(`${API}/flashProductRelation/update/${row!.id}`, { flashPromotionCount: 2_000_000 }))).toBe(1);
      // Another session of the same sale too: nothing is shared out of an unlimited stock.
      expect(ok(await addProducts([{ flashPromotionId: sale, flashPromotionSessionId: await newSession('05:10:00', '05:20:00', 0), productId: item.id, flashPromotionCount: 3_000_000 }]))).toBe(1);
    });

    it('shares the stock between the sessions of one sale, and refuses the same product twice in one session', async () => {
      const sale = await newSale();
      const [m, e] = [await newSession('07:00:00', '07:10:00', 0), await newSession('07:10:00', '07:20:00', 0)];
      const item = await newProduct(30, 10);
      ok(await addProducts([{ flashPromotionId: sale, flashPromotionSessionId: m, productId: item.id, flashPromotionCount: 6 }]));
      const before = await tables();
      const over = await addProducts([{ flashPromotionId: sale, flashPromotionSessionId: e, productId: item.id, flashPromotionCount: 5 }]);
      refused(over, [['0.flashPromotionCount', 'flash_count_above_stock']]);
      expect(over.body.errors?.[0]).toMatchObject({ params: { max: 4 } });
      const twice = await addProducts([{ flashPromotionId: sale, flashPromotionSessionId: e, productId: item.id }, { flashPromotionId: sale, flashPromotionSessionId: e, productId: item.id }]);
      refused(twice, [['1.productId', 'flash_product_repeated']], 409);
      refused(await addProducts([{ flashPromotionId: sale, flashPromotionSessionId: m, productId: item.id }]), [['0.productId', 'flash_product_repeated']], 409);
      expect(await tables()).toEqual(before);
      // Another sale has the whole stock again.
      expect(ok(await addProducts([{ flashPromotionId: await newSale(), flashPromotionSessionId: e, productId: item.id, flashPromotionCount: 10 }]))).toBe(1);
    });

    it('lets parallel adds of one product neither exceed its stock nor place it twice', async () => {
      const sale = await newSale();
      const sessions = [await newSession('06:00:00', '06:10:00', 0), await newSession('06:10:00', '06:20:00', 0), await newSession('06:20:00', '06:30:00', 0)];
      const item = await newProduct(30, 10);
      const counts = await Promise.all(sessions.map((session) => addProducts([{ flashPromotionId: sale, flashPromotionSessionId: session, productId: item.id, flashPromotionCount: 4 }])));
      expect(counts.map((a) => a.status).sort()).toEqual([200, 200, 400]);
      const placed = sessions.find((_session, i) => counts[i]!.status === 200)!;
      const same = await Promise.all([0, 1, 2, 3, 4].map(() => addProducts([{ flashPromotionId: sale, flashPromotionSessionId: placed, productId: item.id }])));
      expect(same.every((a) => a.status === 409)).toBe(true);
      const other = await newProduct(30, -1);
      const parallel = await Promise.all([0, 1, 2, 3, 4].map(() => addProducts([{ flashPromotionId: sale, flashPromotionSessionId: sessions[2]!, productId: other.id, flashPromotionCount: 1 }])));
      expect(parallel.filter((a) => a.status === 200)).toHaveLength(1);
      const stored = await s.db.selectFrom('sms_flash_promotion_product_relation').select(['product_id', 'flash_promotion_count']).where('flash_promotion_id', '=', sale).execute();
      expect(stored.filter((r) => Number(r.product_id) === item.id).reduce((sum, r) => sum + Number(r.flash_promotion_count), 0)).toBe(8);
      expect(stored.filter((r) => Number(r.product_id) === other.id)).toHaveLength(1);
    });
  });
});
