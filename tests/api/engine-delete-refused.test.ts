// Protects: every refused delete names what blocks it with its own message key and changes nothing.
/**
 * Every delete the server refuses says what blocks it with its own message key (translated by the
 * admin), never "Validation failed: id: Validation failed", and changes nothing. The refusals of
 * today: a product category with sub-categories, a menu with child menus, a built-in role, your own
 * account, a shop with orders, money, products or members (closed by status, never deleted). (Product
 * types, empty shops and user groups take their attributes, molds and addresses, and memberships
 * with them, each attribute, mold and address with its own audit row.)
 */
import { describe, expect, it } from 'vitest';
import type { MessageKey } from '../../src/schema/api';
import { MESSAGES } from '../../src/schema/api';
import { ENTITIES, entityList } from '../../src/schema/entities';
import { errorsZh } from '../../src/i18n/errors';
import type { Answer } from '../helpers/api';
import { call } from '../helpers/api';
import { snapshotData } from '../helpers/entity-bodies';
import { audit } from '../../server/db/audit';
import { apiSuite } from '../helpers/api-suite';
import { testDialects } from '../helpers/test-db';

type Rec = { id: number; code?: string; username?: string };

describe.each(testDialects())('refused deletes explain themselves (%s)', (dialect) => {
  const suite = apiSuite(dialect);

  const get = <T = Rec>(url: string) => call<T>(suite.app, 'GET', `/api${url}`, { token: suite.token });
  const post = <T = Rec>(url: string, body?: unknown) => call<T>(suite.app, 'POST', `/api${url}`, { token: suite.token, body });
  const created = async (url: string, body: unknown): Promise<Rec> => {
    const answer = await post(url, body);
    if (answer.status !== 200) throw new Error(`${url} ${answer.status} ${answer.raw}`);
    return answer.body.data;
  };

  /** The refusal names its reason at the top, in English, with a Chinese text for the admin; nothing changed. */
  const refused = async (request: () => Promise<Answer>, status: number, messageKey: MessageKey) => {
    const before = await snapshotData(suite.db, entityList);
    const answer = await request();
    expect(answer.status).toBe(status);
    expect(answer.body.messageKey).toBe(messageKey);
    expect(answer.body.message).toBe(MESSAGES[messageKey]);
    expect(answer.body.errors ?? []).toEqual([]);
    expect(errorsZh[messageKey]).toMatch(/[\u4e00-\u9fff]/);
    expect(await snapshotData(suite.db, entityList)).toEqual(before);
  };

  it('the "changes nothing" snapshot sees one changed value and one new audit row (else every check above passes unseen)', async () => {
    const brand = await suite.db.selectFrom('pms_brand').select(['id', 'sort']).where('id', '=', await suite.fx.anyRecordId(ENTITIES.brand)).executeTakeFirstOrThrow();
    const before = await snapshotData(suite.db, entityList);
    expect(await snapshotData(suite.db, entityList)).toEqual(before);
    await suite.db.updateTable('pms_brand').set({ sort: brand.sort + 1 }).where('id', '=', brand.id).execute();
    const changed = await snapshotData(suite.db, entityList);
    expect(changed).not.toEqual(before);
    expect(Object.keys(changed).filter((table) => changed[table] !== before[table])).toEqual(['pms_brand']);
    await suite.db.updateTable('pms_brand').set({ sort: brand.sort }).where('id', '=', brand.id).execute();
    expect(await snapshotData(suite.db, entityList)).toEqual(before);
    await audit(suite.db, { adminId: null, action: 'update', entity: 'brand', entityId: brand.id, before: null, after: null });
    expect(await snapshotData(suite.db, entityList)).not.toEqual(before);
  });

  it('a product category with sub-categories: "Delete its sub-categories first"', async () => {
    const parent = await created('/productCategory/create', { name: 'Refuse parent', parentId: 0 });
    const child = await created('/productCategory/create', { name: 'Refuse child', parentId: parent.id });
    await refused(() => post(`/productCategory/delete/${parent.id}`), 409, 'category_has_children');
    expect(MESSAGES.category_has_children).toBe('Delete its sub-categories first');
    // Once the child is gone, the parent goes too.
    expect((await post(`/productCategory/delete/${child.id}`)).status).toBe(200);
    expect((await post(`/productCategory/delete/${parent.id}`)).status).toBe(200);
  });

  it('a menu with child menus', async () => {
    const parent = await created('/menu/create', { parentId: 0, title: 'Refuse menu', name: 'refuseMenu' });
    await created('/menu/create', { parentId: parent.id, title: 'Refuse child', name: 'refuseMenuChild' });
    await refused(() => post(`/menu/delete/${parent.id}`), 409, 'menu_has_children');
  });

  it('a built-in role', async () => {
    const roles = (await get<Rec[]>('/role/listAll')).body.data;
    const seller = roles.find((r) => r.code === 'seller');
    await refused(() => post(`/role/delete?ids=${seller?.id}`), 403, 'protected_role');
  });

  it('your own account', async () => {
    const admins = (await get<{ list: Rec[] }>('/admin/list?pageNum=1&pageSize=100&keyword=admin')).body.data.list;
    const self = admins.find((a) => a.username === 'admin');
    await refused(() => post(`/admin/delete/${self?.id}`), 403, 'cannot_delete_self');
  });

  it('a shop with orders, cashier money, products or members: close it instead; an empty shop goes with its molds and addresses, each audited', async () => {
    const shopOf = async (table: 'oms_order') => {
      const row = await suite.db.selectFrom(table).select('shop_id').orderBy('id').executeTakeFirstOrThrow();
      return Number(row.shop_id);
    };
    const withOrders = await shopOf('oms_order');
    await refused(() => post(`/shop/delete/${withOrders}`), 409, 'shop_has_orders');
    const empty = await created('/shop/create', { shopName: 'Refuse shop' });
    const balance = await created('/balance/create', { shopId: empty.id, amount: 5, payChannel: 'bank' });
    await refused(() => post(`/shop/delete/${empty.id}`), 409, 'shop_has_balances');
    expect((await post(`/balance/delete/${balance.id}`)).status).toBe(200);
    const top = await created('/productCategory/create', { name: 'Refuse top', parentId: 0 });
    const category = await created('/productCategory/create', { name: 'Refuse leaf', parentId: top.id });
    const product = await created('/product/create', {
      shopId: empty.id, productCategoryId: Number(category.id), name: 'Kept product', subTitle: 'Kept', description: 'Kept.', productSn: 'KEPT-1', price: 1,
    });
    expect((await post(`/product/delete/${product.id}`)).status).toBe(200);
    // A product in the recycle bin still holds the shop: it is deleted for good first.
    await refused(() => post(`/shop/delete/${empty.id}`), 409, 'shop_has_products');
    expect((await post(`/product/purge?ids=${product.id}`)).status).toBe(200);
    const mold = await created('/mold/create', { shopId: empty.id, code: 'RF-1', name: 'Refuse mold', ratedLife: 1000 });
    const address = await created('/companyAddress/create', { shopId: empty.id, addressName: 'Refuse depot', name: 'Li', phone: '139', detailAddress: 'Road 2' });
    expect((await post(`/shop/delete/${empty.id}`)).status).toBe(200);
    const audited = await suite.db.selectFrom('sys_audit_log').select(['entity', 'entity_id', 'action'])
      .where('action', '=', 'delete').where('entity', 'in', ['mold', 'oms_company_address', 'shop']).orderBy('id', 'desc').limit(3).execute();
    expect(audited.map((r) => `${r.entity}:${r.entity_id}`).sort()).toEqual([`mold:${mold.id}`, `oms_company_address:${address.id}`, `shop:${empty.id}`].sort());
  });
});
