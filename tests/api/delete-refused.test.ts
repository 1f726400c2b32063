// Protects: every refused delete names what blocks it with its own message key and changes nothing.
/**
 * Every delete the server refuses says what blocks it with its own message key (translated by the
 * admin), never "Validation failed: id: Validation failed", and changes nothing. The refusals of
 * today: a product category with sub-categories, a menu with child menus, a built-in role, your own
 * account. (Product types, shops and user groups take their attributes, molds and memberships
 * with them; they are not refused.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageKey } from '../../src/schema/api';
import { MESSAGES } from '../../src/schema/api';
import { entityList } from '../../src/schema/entities';
import { errorsZh } from '../../src/i18n/errors';
import { DEMO } from '../helpers/accounts';
import type { Answer } from '../helpers/api';
import { call, login } from '../helpers/api';
import { snapshotData } from '../helpers/entity-bodies';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

type Rec = { id: number; code?: string; username?: string };

describe.each(testDialects())('refused deletes explain themselves (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    token = await login(t.app, DEMO.admin);
  });
  afterAll(async () => t?.close());

  const get = <T = Rec>(url: string) => call<T>(t.app, 'GET', `/api${url}`, { token });
  const post = <T = Rec>(url: string, body?: unknown) => call<T>(t.app, 'POST', `/api${url}`, { token, body });
  const created = async (url: string, body: unknown): Promise<Rec> => {
    const answer = await post(url, body);
    if (answer.status !== 200) throw new Error(`${url} ${answer.status} ${answer.raw}`);
    return answer.body.data;
  };

  /** The refusal names its reason at the top, in English, with a Chinese text for the admin; nothing changed. */
  const refused = async (request: () => Promise<Answer>, status: number, messageKey: MessageKey) => {
    const before = await snapshotData(t.db, entityList);
    const answer = await request();
    expect(answer.status).toBe(status);
    expect(answer.body.messageKey).toBe(messageKey);
    expect(answer.body.message).toBe(MESSAGES[messageKey]);
    expect(answer.body.errors ?? []).toEqual([]);
    expect(errorsZh[messageKey]).toMatch(/[\u4e00-\u9fff]/);
    expect(await snapshotData(t.db, entityList)).toEqual(before);
  };

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
});
