// Protects: the data provider's `{id}` batch paths (one id in the path, the value as a query
// parameter, fanned out per id), `listAll` look-ups, and the admin accounts (hand-written routes
// in the engine's shape: an empty password on edit is not sent).
import { describe, expect, it } from 'vitest';
import { createEntityDataProvider } from '../../src/providers/entityDataProvider';
import { fakeFetcher } from '../helpers/fake-fetcher';


const roles = [
  { id: 1, name: 'Product admin', description: '', adminCount: 0, createTime: null, status: 1, sort: 0 },
  { id: 2, name: 'Order admin', description: '', adminCount: 0, createTime: null, status: 1, sort: 0 },
  { id: 5, name: 'Super admin', description: '', adminCount: 0, createTime: null, status: 1, sort: 0 },
];

describe('entity data provider: batch paths with {id}', () => {
  it('sets a role status through /role/updateStatus/{id}, one call per id, the value as a query parameter', async () => {
    const { calls, fetcher } = fakeFetcher();
    await createEntityDataProvider(fetcher).updateMany('role', { ids: [3, 4], data: { status: 0 } });
    expect(calls).toEqual([
      { path: '/role/updateStatus/3', method: 'POST', query: { status: 0 }, body: undefined },
      { path: '/role/updateStatus/4', method: 'POST', query: { status: 0 }, body: undefined },
    ]);
  });

  it('hides a menu through /menu/updateHidden/{id}', async () => {
    const { calls, fetcher } = fakeFetcher();
    await createEntityDataProvider(fetcher).updateMany('menu', { ids: [7], data: { hidden: true } });
    expect(calls).toEqual([{ path: '/menu/updateHidden/7', method: 'POST', query: { hidden: 1 }, body: undefined }]);
  });

  it('stops at the first refused id', async () => {
    const { calls, fetcher } = fakeFetcher({ '/role/updateStatus/3': new Error('refused') });
    await expect(createEntityDataProvider(fetcher).updateMany('role', { ids: [3, 4], data: { status: 1 } })).rejects.toThrow('refused');
    expect(calls.map((c) => c.path)).toEqual(['/role/updateStatus/3']);
  });

  it('still deletes roles through their ?ids= batch path', async () => {
    const { calls, fetcher } = fakeFetcher();
    await createEntityDataProvider(fetcher).delete('role', { id: 2, previousData: roles[1] });
    expect(calls).toEqual([{ path: '/role/delete', method: 'POST', query: { ids: ['2'] }, body: undefined }]);
  });
});

describe('entity data provider: listAll look-ups', () => {
  it('answers getMany of a listAll entity from /listAll, keeping only the ids asked for', async () => {
    const { calls, fetcher } = fakeFetcher({ '/role/listAll': roles });
    const { data } = await createEntityDataProvider(fetcher).getMany('role', { ids: [5, 1] });
    expect(data.map((r) => r.id).sort()).toEqual([1, 5]);
    expect(calls).toEqual([{ path: '/role/listAll', method: 'GET', query: {}, body: undefined }]);
  });

  it('reads every row through /listAll when a list asks for it in meta, and pages otherwise', async () => {
    const { calls, fetcher } = fakeFetcher({ '/resourceCategory/listAll': [{ id: 1, name: 'Products', sort: 9 }], '/resourceCategory/list': { pageNum: 1, pageSize: 10, totalPage: 0, total: 0, list: [] } });
    const provider = createEntityDataProvider(fetcher);
    const all = await provider.getList('resourceCategory', { pagination: { page: 1, perPage: 10 }, filter: {}, meta: { listAll: true } });
    expect(all).toEqual({ data: [{ id: 1, name: 'Products', sort: 9 }], total: 1 });
    await provider.getList('resourceCategory', { pagination: { page: 1, perPage: 10 }, filter: {} });
    expect(calls.map((c) => c.path)).toEqual(['/resourceCategory/listAll', '/resourceCategory/list']);
  });

  it('ignores the listAll request for an entity without /listAll', async () => {
    const { calls, fetcher } = fakeFetcher({ '/menu/list/0': { pageNum: 1, pageSize: 10, totalPage: 0, total: 0, list: [] } });
    await createEntityDataProvider(fetcher).getList('menu', { pagination: { page: 1, perPage: 10 }, filter: { parentId: 0 }, meta: { listAll: true } });
    expect(calls.map((c) => c.path)).toEqual(['/menu/list/0']);
  });
});

describe('entity data provider: admin accounts', () => {
  const admin = { id: 4, username: 'productAdmin', nickName: 'Products', email: 'p@example.com', note: null, createTime: null, loginTime: null, status: 1 };

  it('lists with the keyword search at /admin/list', async () => {
    const { calls, fetcher } = fakeFetcher({ '/admin/list': { pageNum: 1, pageSize: 10, totalPage: 1, total: 1, list: [admin] } });
    const result = await createEntityDataProvider(fetcher).getList('admin', { pagination: { page: 1, perPage: 10 }, filter: { keyword: 'prod' } });
    expect(result.data).toEqual([admin]);
    expect(calls[0]).toMatchObject({ path: '/admin/list', query: { keyword: 'prod', pageNum: 1, pageSize: 10 } });
  });

  it('creates with the password and the roles', async () => {
    const { calls, fetcher } = fakeFetcher({ '/admin/create': { ...admin, id: 9 } });
    await createEntityDataProvider(fetcher).create('admin', { data: { username: 'new1', password: 'secret12', status: 1, roleIds: [1, 2], createTime: 'x' } });
    expect(calls[0]).toEqual({ path: '/admin/create', method: 'POST', query: {}, body: { username: 'new1', password: 'secret12', status: 1, roleIds: [1, 2] } });
  });

  it('leaves an empty password out of an update and never sends the roles there', async () => {
    const { calls, fetcher } = fakeFetcher({ '/admin/4': admin });
    await createEntityDataProvider(fetcher).update('admin', { id: 4, data: { ...admin, nickName: 'P', password: '', roleIds: [1] }, previousData: admin });
    expect(calls[0]).toEqual({ path: '/admin/update/4', method: 'POST', query: {}, body: { nickName: 'P' } });
  });

  it('enables and disables through /admin/updateStatus/{id} and deletes through /admin/delete/{id}', async () => {
    const { calls, fetcher } = fakeFetcher();
    const provider = createEntityDataProvider(fetcher);
    await provider.updateMany('admin', { ids: [4], data: { status: 0 } });
    await provider.delete('admin', { id: 4, previousData: admin });
    expect(calls.map((c) => [c.path, c.query])).toEqual([['/admin/updateStatus/4', { status: 0 }], ['/admin/delete/4', {}]]);
  });
});
