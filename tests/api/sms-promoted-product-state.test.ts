// Protects: recommendation and flash rows show their product's price, stock and sale state (For sale / Off sale / Unverified / In recycle bin), read from the product on every list and single read, following it when it goes off sale, loses its verification or goes to the recycle bin, beside mall's unchanged fields. SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/schema/api';
import { product } from '../../src/schema/pms/product';
import { apiSuite } from '../helpers/api-suite';
import { API } from '../helpers/entity-bodies';
import { testDialects } from '../helpers/test-db';

type Rec = Record<string, unknown> & { id: number };

describe.each(testDialects())('promoted products show their price, stock and sale state (%s)', (dialect) => {
  const s = apiSuite(dialect);

  const ok = <T>(answer: { status: number; raw: string; body: { data: T } }): T => {
    expect(answer.status, answer.raw).toBe(200);
    return answer.body.data;
  };
  // On sale and verified: promotions take no other product.
  const newProduct = async (price: number, stock: number): Promise<Rec> => {
    const made = await s.fx.create(product, 0, { price, stock });
    await s.db.updateTable('pms_product').set({ publish_status: 1, verify_status: 1 }).where('id', '=', made.id).execute();
    return made;
  };
  const shown = (row: Rec | undefined) => row && { productPrice: row.productPrice, productStock: row.productStock, productSaleState: row.productSaleState };

  /** Each promoting list: how a product is added to it, and its row of the product (list and single read). */
  const promotions = async () => {
    const sale = ok(await s.post<Rec>(`${API}/flash/create`, { title: 'State week', startDate: '2026-05-01', endDate: '2026-05-07', status: 1 })).id;
    const session = ok(await s.post<Rec>(`${API}/flashSession/create`, { name: `S ${s.fx.nextSeq()}`, startTime: '23:40:00', endTime: '23:50:00', status: 0 })).id;
    const rowOf = async (path: string, productId: number): Promise<Rec | undefined> => {
      const query = path === '/flashProductRelation' ? `flashPromotionId=${sale}&flashPromotionSessionId=${session}&` : '';
      const row = ok(await s.get<Page<Rec>>(`${API}${path}/list?${query}pageNum=1&pageSize=100`)).list.find((r) => r.productId === productId);
      // A single read answers the same values.
      if (row) expect(shown(ok(await s.get<Rec>(`${API}${path}/${row.id}`)))).toEqual(shown(row));
      return row;
    };
    return [
      { path: '/home/newProduct', add: (id: number) => s.post(`${API}/home/newProduct/create`, [{ productId: id }]) },
      { path: '/home/recommendProduct', add: (id: number) => s.post(`${API}/home/recommendProduct/create`, [{ productId: id }]) },
      { path: '/flashProductRelation', add: (id: number) => s.post(`${API}/flashProductRelation/create`, [{ flashPromotionId: sale, flashPromotionSessionId: session, productId: id, flashPromotionCount: 1 }]) },
    ].map((p) => ({ ...p, row: (productId: number) => rowOf(p.path, productId) }));
  };

  it('rows show the product\'s price, stock and state, and follow it off sale, out of verification and into the recycle bin', async () => {
    for (const promotion of await promotions()) {
      const item = await newProduct(123.45, 17);
      expect(ok(await promotion.add(item.id))).toBe(1);
      const row = await promotion.row(item.id);
      expect(shown(row), promotion.path).toEqual({ productPrice: 123.45, productStock: 17, productSaleState: 'forSale' });
      // mall's fields are all still there.
      expect(row, promotion.path).toMatchObject({ productId: item.id, productName: item.name });

      // The product's price and stock change: the row shows the new ones.
      await s.db.updateTable('pms_product').set({ price: 9990, stock: 3 }).where('id', '=', item.id).execute();
      expect(shown(await promotion.row(item.id)), promotion.path).toEqual({ productPrice: 99.9, productStock: 3, productSaleState: 'forSale' });

      // Off sale through the product list's switch.
      ok(await s.post(`${API}/product/update/publishStatus?ids=${item.id}&publishStatus=0`));
      expect((await promotion.row(item.id))?.productSaleState, promotion.path).toBe('offSale');

      // Back on sale but no longer verified.
      ok(await s.post(`${API}/product/update/publishStatus?ids=${item.id}&publishStatus=1`));
      await s.db.updateTable('pms_product').set({ verify_status: 0 }).where('id', '=', item.id).execute();
      expect((await promotion.row(item.id))?.productSaleState, promotion.path).toBe('unverified');

      // Into the recycle bin: whatever else holds, that is what the row says.
      ok(await s.post(`${API}/product/update/deleteStatus?ids=${item.id}&deleteStatus=1`));
      expect(shown(await promotion.row(item.id)), promotion.path).toEqual({ productPrice: 99.9, productStock: 3, productSaleState: 'recycled' });
    }
  });

  it('the flash row\'s product (mall\'s shape) agrees with the new columns', async () => {
    const [, , flash] = await promotions();
    const item = await newProduct(20, 5);
    ok(await flash!.add(item.id));
    const row = (await flash!.row(item.id))!;
    expect(row.product).toMatchObject({ id: item.id, price: 20, stock: 5, publishStatus: 1, verifyStatus: 1, deleteStatus: 0 });
    expect(shown(row)).toEqual({ productPrice: 20, productStock: 5, productSaleState: 'forSale' });
  });
});
