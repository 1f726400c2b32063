// Protects: the data provider's translation of react-admin calls into each entity's declared mall endpoints (lists, gets, selective updates, batches, uploads, field errors).
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/providers/api';
import { createEntityDataProvider } from '../../src/providers/entityDataProvider';
import { fakeFetcher } from '../helpers/fake-fetcher';


const page = <T>(list: T[], total = list.length) => ({ pageNum: 1, pageSize: 10, totalPage: 1, total, list });

const brandRecord = {
  id: 3, name: 'Nike', firstLetter: 'N', sort: 5, factoryStatus: 1, showStatus: 1, productCount: 7, productCommentCount: 0,
  logo: 'http://x/a.png', bigPic: null, brandStory: '<p>Just</p>',
};

describe('entity data provider: brand', () => {
  it('lists with paging, the keyword search, a declared filter and a sortable column', async () => {
    const { calls, fetcher } = fakeFetcher({ '/brand/list': page([brandRecord], 31) });
    const provider = createEntityDataProvider(fetcher);
    const result = await provider.getList('brand', {
      pagination: { page: 2, perPage: 20 }, sort: { field: 'name', order: 'ASC' }, filter: { keyword: 'ni', showStatus: 1, bogus: 'x' },
    });
    expect(result).toEqual({ data: [brandRecord], total: 31 });
    expect(calls).toEqual([{ path: '/brand/list', method: 'GET', body: undefined,
      query: { pageNum: 2, pageSize: 20, keyword: 'ni', showStatus: 1, sort: 'name', order: 'asc' } }]);
  });

  it('falls back to the declared default sort for a column that is not sortable', async () => {
    const { calls, fetcher } = fakeFetcher({ '/brand/list': page([]) });
    await createEntityDataProvider(fetcher).getList('brand', { pagination: { page: 1, perPage: 10 }, sort: { field: 'productCount', order: 'ASC' }, filter: {} });
    expect(calls[0]?.query).toMatchObject({ sort: 'sort', order: 'desc' });
  });

  it('caps the page size at the server limit', async () => {
    const { calls, fetcher } = fakeFetcher({ '/brand/list': page([]) });
    await createEntityDataProvider(fetcher).getList('brand', { pagination: { page: 1, perPage: 1000 }, filter: {} });
    expect(calls[0]?.query.pageSize).toBe(200);
  });

  it('gets one record by id and many through the list with ids', async () => {
    const { calls, fetcher } = fakeFetcher({ '/brand/3': brandRecord, '/brand/list': page([brandRecord]) });
    const provider = createEntityDataProvider(fetcher);
    expect(await provider.getOne('brand', { id: 3 })).toEqual({ data: brandRecord });
    expect(await provider.getMany('brand', { ids: [3, 4] })).toEqual({ data: [brandRecord] });
    expect(calls[1]).toMatchObject({ path: '/brand/list', query: { ids: ['3', '4'], pageNum: 1, pageSize: 2 } });
  });

  it('rejects getOne when the server answers no record', async () => {
    const { fetcher } = fakeFetcher({ '/brand/9': null });
    await expect(createEntityDataProvider(fetcher).getOne('brand', { id: 9 })).rejects.toMatchObject({ messageKey: 'not_found' });
  });

  it('creates with the writable fields only and answers the created record', async () => {
    const { calls, fetcher } = fakeFetcher({ '/brand/create': { ...brandRecord, id: 12 } });
    const result = await createEntityDataProvider(fetcher).create('brand', {
      data: { name: 'Nike', sort: 0, showStatus: 1, logo: 'http://x/a.png', productCount: 99, bigPic: null, id: 5, extra: 1 },
    });
    expect(result.data.id).toBe(12);
    expect(calls).toEqual([{ path: '/brand/create', method: 'POST', query: {}, body: { name: 'Nike', sort: 0, showStatus: 1, logo: 'http://x/a.png' } }]);
  });

  it('uploads image files before create and sends their URLs', async () => {
    const { calls, fetcher } = fakeFetcher({ '/brand/create': { ...brandRecord, id: 13 } });
    const uploaded: string[] = [];
    const provider = createEntityDataProvider(fetcher, async (file) => {
      uploaded.push(file.name);
      return `http://files/${file.name}`;
    });
    const logo = new File(['x'], 'logo.png', { type: 'image/png' });
    await provider.create('brand', { data: { name: 'Nike', logo: { rawFile: logo, src: 'blob:1', title: 'logo.png' }, bigPic: { src: 'http://old/b.png' } } });
    expect(uploaded).toEqual(['logo.png']);
    expect(calls[0]?.body).toEqual({ name: 'Nike', logo: 'http://files/logo.png', bigPic: 'http://old/b.png' });
  });

  it('updates only the changed writable fields, then re-reads the record', async () => {
    const updated = { ...brandRecord, name: 'Nike Inc', sort: 9 };
    const { calls, fetcher } = fakeFetcher({ '/brand/3': updated });
    const result = await createEntityDataProvider(fetcher).update('brand', {
      id: 3,
      data: { ...brandRecord, name: 'Nike Inc', sort: 9, productCount: 100, logo: { src: brandRecord.logo }, bigPic: '' },
      previousData: brandRecord,
    });
    expect(calls).toEqual([
      { path: '/brand/update/3', method: 'POST', query: {}, body: { name: 'Nike Inc', sort: 9 } },
      { path: '/brand/3', method: 'GET', query: {}, body: undefined },
    ]);
    expect(result.data).toEqual(updated);
  });

  it('sends no update when nothing changed', async () => {
    const { calls, fetcher } = fakeFetcher({ '/brand/3': brandRecord });
    await createEntityDataProvider(fetcher).update('brand', { id: 3, data: { ...brandRecord }, previousData: brandRecord });
    expect(calls.map((c) => c.path)).toEqual(['/brand/3']);
  });

  it('sets a flag on several records through the declared batch path', async () => {
    const { calls, fetcher } = fakeFetcher();
    const result = await createEntityDataProvider(fetcher).updateMany('brand', { ids: [1, 2], data: { showStatus: 1 } });
    expect(result).toEqual({ data: [1, 2] });
    expect(calls).toEqual([{ path: '/brand/update/showStatus', method: 'POST', query: { ids: ['1', '2'], showStatus: 1 }, body: undefined }]);
  });

  it('refuses a batch update that is not one declared batch field', async () => {
    const { calls, fetcher } = fakeFetcher();
    const provider = createEntityDataProvider(fetcher);
    await expect(provider.updateMany('brand', { ids: [1], data: { name: 'x' } })).rejects.toMatchObject({ messageKey: 'select_batch_type' });
    await expect(provider.updateMany('brand', { ids: [1], data: { showStatus: 1, factoryStatus: 1 } })).rejects.toMatchObject({ messageKey: 'select_batch_type' });
    await expect(provider.updateMany('brand', { ids: [], data: { showStatus: 1 } })).rejects.toMatchObject({ messageKey: 'select_record' });
    expect(calls).toEqual([]);
  });

  it('deletes one record by path and several through the batch path', async () => {
    const { calls, fetcher } = fakeFetcher();
    const provider = createEntityDataProvider(fetcher);
    await provider.delete('brand', { id: 3, previousData: brandRecord });
    await provider.deleteMany('brand', { ids: [3, 4] });
    expect(calls).toEqual([
      { path: '/brand/delete/3', method: 'POST', query: {}, body: undefined },
      { path: '/brand/delete/batch', method: 'POST', query: { ids: ['3', '4'] }, body: undefined },
    ]);
  });

  it('turns server field errors into react-admin form errors on the same error object', async () => {
    const error = new ApiError('Validation failed', 404, 400, 'validation_failed', [
      { field: 'name', messageKey: 'length_between', message: 'length must be between 2 and 140 characters', params: { min: 2, max: 140 } },
    ]);
    const { fetcher } = fakeFetcher({ '/brand/create': error });
    const rejection = await createEntityDataProvider(fetcher).create('brand', { data: { name: 'N', logo: 'http://x/a.png' } }).catch((e: unknown) => e);
    expect(rejection).toBe(error);
    const message = (rejection as { body: { errors: Record<string, string> } }).body.errors.name ?? '';
    expect(message.startsWith('@@react-admin@@')).toBe(true);
    expect(JSON.parse(message.slice('@@react-admin@@'.length))).toEqual({
      message: 'errors.length_between', args: { min: 2, max: 140, _: 'length must be between 2 and 140 characters' },
    });
  });
});

describe('entity data provider: productCategory (list per parent)', () => {
  it('fills the parent id into the list path and keeps it out of the query', async () => {
    const { calls, fetcher } = fakeFetcher({ '/productCategory/list/0': page([{ id: 1, name: 'Phones' }]) });
    const result = await createEntityDataProvider(fetcher).getList('productCategory', {
      pagination: { page: 1, perPage: 10 }, sort: { field: 'sort', order: 'DESC' }, filter: { parentId: 0 },
    });
    expect(result.total).toBe(1);
    expect(calls).toEqual([{ path: '/productCategory/list/0', method: 'GET', body: undefined,
      query: { pageNum: 1, pageSize: 10, sort: 'sort', order: 'desc' } }]);
  });

  it('refuses a list without the parent filter the path needs', async () => {
    const { fetcher } = fakeFetcher();
    await expect(createEntityDataProvider(fetcher).getList('productCategory', { pagination: { page: 1, perPage: 10 }, filter: {} })).rejects.toThrow(/parentId/);
  });

  it('lists the children of a parent as a reference list', async () => {
    const { calls, fetcher } = fakeFetcher({ '/productCategory/list/7': page([]) });
    await createEntityDataProvider(fetcher).getManyReference('productCategory', {
      target: 'parentId', id: 7, pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: {},
    });
    expect(calls[0]).toMatchObject({ path: '/productCategory/list/7', query: { pageNum: 1, pageSize: 5, sort: 'sort', order: 'desc' } });
  });

  it('gets many categories one by one (no list answers across parents)', async () => {
    const { calls, fetcher } = fakeFetcher({ '/productCategory/1': { id: 1 }, '/productCategory/2': { id: 2 } });
    const result = await createEntityDataProvider(fetcher).getMany('productCategory', { ids: [1, 2] });
    expect(result.data).toEqual([{ id: 1 }, { id: 2 }]);
    expect(calls.map((c) => c.path)).toEqual(['/productCategory/1', '/productCategory/2']);
  });

  it('sends the filter attributes (a virtual field) on create, not the server-managed level', async () => {
    const { calls, fetcher } = fakeFetcher({ '/productCategory/create': { id: 40 } });
    await createEntityDataProvider(fetcher).create('productCategory', {
      data: { parentId: 0, name: 'Phones', level: 0, productCount: 3, productAttributeIdList: [4, 5] },
    });
    expect(calls[0]?.body).toEqual({ parentId: 0, name: 'Phones', productAttributeIdList: [4, 5] });
  });

  it('deletes by path and toggles the navigation flag with one id', async () => {
    const { calls, fetcher } = fakeFetcher();
    const provider = createEntityDataProvider(fetcher);
    await provider.delete('productCategory', { id: 8 });
    await provider.updateMany('productCategory', { ids: [8], data: { navStatus: 0 } });
    expect(calls).toEqual([
      { path: '/productCategory/delete/8', method: 'POST', query: {}, body: undefined },
      { path: '/productCategory/update/navStatus', method: 'POST', query: { ids: ['8'], navStatus: 0 }, body: undefined },
    ]);
  });
});

describe('entity data provider: productAttribute', () => {
  it('lists the attributes of a product type by type', async () => {
    const { calls, fetcher } = fakeFetcher({ '/productAttribute/list/3': page([]) });
    await createEntityDataProvider(fetcher).getList('productAttribute', {
      pagination: { page: 1, perPage: 10 }, sort: { field: 'name', order: 'ASC' }, filter: { productAttributeCategoryId: 3, type: 1 },
    });
    expect(calls[0]).toMatchObject({ path: '/productAttribute/list/3', query: { pageNum: 1, pageSize: 10, type: 1, sort: 'sort', order: 'desc' } });
    expect(calls[0]?.query).not.toHaveProperty('productAttributeCategoryId');
  });

  it('never sends the immutable type on update', async () => {
    const previous = { id: 5, productAttributeCategoryId: 3, name: 'Color', type: 0, inputList: 'red,blue', sort: 0 };
    const { calls, fetcher } = fakeFetcher({ '/productAttribute/5': previous });
    await createEntityDataProvider(fetcher).update('productAttribute', { id: 5, data: { ...previous, type: 1, inputList: 'red,green' }, previousData: previous });
    expect(calls[0]).toEqual({ path: '/productAttribute/update/5', method: 'POST', query: {}, body: { inputList: 'red,green' } });
  });

  it('deletes through the batch path even for one record (delete style "batch")', async () => {
    const { calls, fetcher } = fakeFetcher();
    const provider = createEntityDataProvider(fetcher);
    await provider.delete('productAttribute', { id: 5 });
    await provider.deleteMany('productAttribute', { ids: [5, 6] });
    expect(calls).toEqual([
      { path: '/productAttribute/delete', method: 'POST', query: { ids: ['5'] }, body: undefined },
      { path: '/productAttribute/delete', method: 'POST', query: { ids: ['5', '6'] }, body: undefined },
    ]);
  });
});

describe('entity data provider: homeAdvertise', () => {
  it('filters by name, position and end day', async () => {
    const { calls, fetcher } = fakeFetcher({ '/home/advertise/list': page([]) });
    await createEntityDataProvider(fetcher).getList('homeAdvertise', {
      pagination: { page: 1, perPage: 10 }, sort: { field: 'endTime', order: 'ASC' },
      filter: { name: 'sale', type: 1, endTime: '2024-05-01T16:00:00.000Z' },
    });
    expect(calls[0]?.query).toEqual({ pageNum: 1, pageSize: 10, name: 'sale', type: 1, endTime: '2024-05-01', sort: 'endTime', order: 'asc' });
  });

  it('deletes in batch and toggles the status with one id', async () => {
    const { calls, fetcher } = fakeFetcher();
    const provider = createEntityDataProvider(fetcher);
    await provider.deleteMany('homeAdvertise', { ids: [1, 2] });
    await provider.delete('homeAdvertise', { id: 3 });
    await provider.updateMany('homeAdvertise', { ids: [4], data: { status: 1 } });
    expect(calls).toEqual([
      { path: '/home/advertise/delete', method: 'POST', query: { ids: ['1', '2'] }, body: undefined },
      { path: '/home/advertise/delete', method: 'POST', query: { ids: ['3'] }, body: undefined },
      { path: '/home/advertise/update/status', method: 'POST', query: { ids: ['4'], status: 1 }, body: undefined },
    ]);
  });
});

describe('entity data provider: orderSetting (single record)', () => {
  it('reads and updates record 1', async () => {
    const setting = { id: 1, flashOrderOvertime: 60, normalOrderOvertime: 120, confirmOvertime: 15, finishOvertime: 7, commentOvertime: 7 };
    const { calls, fetcher } = fakeFetcher({ '/orderSetting/1': setting });
    const provider = createEntityDataProvider(fetcher);
    await provider.getOne('orderSetting', { id: 1 });
    await provider.update('orderSetting', { id: 1, data: { ...setting, confirmOvertime: 10 }, previousData: setting });
    expect(calls).toEqual([
      { path: '/orderSetting/1', method: 'GET', query: {}, body: undefined },
      { path: '/orderSetting/update/1', method: 'POST', query: {}, body: { confirmOvertime: 10 } },
      { path: '/orderSetting/1', method: 'GET', query: {}, body: undefined },
    ]);
  });
});

describe('entity data provider: plain-array lists', () => {
  it('takes an array answer as the whole list', async () => {
    const { fetcher } = fakeFetcher({ '/memberLevel/list': [{ id: 1 }, { id: 2 }] });
    const result = await createEntityDataProvider(fetcher).getList('memberLevel', { pagination: { page: 1, perPage: 10 }, filter: { defaultStatus: 0 } });
    expect(result).toEqual({ data: [{ id: 1 }, { id: 2 }], total: 2 });
  });
});

describe('entity data provider: reference lists kept as relation rows, and listAll search', () => {
  it('holds the product\'s relation rows as ids on screen and sends them back as mall\'s rows', async () => {
    const stored = { id: 7, name: 'Tent', subjectProductRelationList: [{ id: 1, productId: 7, subjectId: 3 }], prefrenceAreaProductRelationList: [] };
    const { calls, fetcher } = fakeFetcher({ '/product/7': stored });
    const provider = createEntityDataProvider(fetcher);
    const { data } = await provider.getOne('product', { id: 7 });
    expect(data).toMatchObject({ subjectProductRelationList: [3], prefrenceAreaProductRelationList: [] });
    await provider.update('product', { id: 7, data: { ...data, subjectProductRelationList: [3, 5] }, previousData: data });
    expect(calls.find((c) => c.path === '/product/update/7')?.body).toEqual({ subjectProductRelationList: [{ subjectId: 3 }, { subjectId: 5 }] });
    // Unchanged picks are not sent.
    const before = calls.length;
    await provider.update('product', { id: 7, data: { ...data, name: 'Tent 2' }, previousData: data });
    expect(calls.slice(before).find((c) => c.path === '/product/update/7')?.body).toEqual({ name: 'Tent 2' });
  });

  it('holds the created record\'s relation rows as ids too: its answer fills the record\'s cache the edit page reads', async () => {
    const created = { id: 9, name: 'Ten off', useType: 2, productRelationList: [{ id: 4, couponId: 9, productId: 21, productName: 'Tent', productSn: 'P1' }], productCategoryRelationList: [] };
    const { fetcher } = fakeFetcher({ '/coupon/create': created });
    const { data } = await createEntityDataProvider(fetcher).create('coupon', { data: { name: 'Ten off', useType: 2, productRelationList: [21] } });
    expect(data).toMatchObject({ id: 9, productRelationList: [21], productCategoryRelationList: [] });
  });

  it('narrows a listAll look-up by the display text typed, ignoring case', async () => {
    const rows = [{ id: 1, title: 'Summer trails' }, { id: 2, title: 'Winter camp' }, { id: 3, title: 'SUMMER tea' }];
    const { fetcher } = fakeFetcher({ '/subject/listAll': rows });
    const provider = createEntityDataProvider(fetcher);
    const all = { pagination: { page: 1, perPage: 25 }, meta: { listAll: true } };
    expect((await provider.getList('subject', { ...all, filter: { displayText: 'summer' } })).data.map((r) => r.id)).toEqual([1, 3]);
    expect((await provider.getList('subject', { ...all, filter: {} })).total).toBe(3);
  });
});

describe('entity data provider: image lists on the wire', () => {
  it("reads mall's comma-joined image list (`albumPics`, `proofPics`) as the list the screens edit, in reads and lists", async () => {
    const answered = { id: 5, name: 'Topic', albumPics: '/uploads/a.png,/uploads/b.png' };
    const { fetcher } = fakeFetcher({ '/subject/5': answered, '/subject/list': page([{ ...answered, albumPics: '' }]) });
    const provider = createEntityDataProvider(fetcher);
    expect((await provider.getOne('subject', { id: 5 })).data.albumPics).toEqual(['/uploads/a.png', '/uploads/b.png']);
    const listed = await provider.getList('subject', { pagination: { page: 1, perPage: 10 }, filter: {} });
    expect(listed.data[0]?.albumPics).toEqual([]);
  });
});

describe('entity data provider: a column-comparison filter (product lowStock)', () => {
  it('sends 1 when on (the chip\'s 1, a checkbox\'s true, a link\'s "true") and nothing when off', async () => {
    const { calls, fetcher } = fakeFetcher({ '/product/list': page([]) });
    const provider = createEntityDataProvider(fetcher);
    for (const value of [1, true, 'true', '1', 0, false, '']) {
      await provider.getList('product', { pagination: { page: 1, perPage: 10 }, filter: { lowStock: value } });
    }
    expect(calls.map((c) => c.query.lowStock)).toEqual([1, 1, 1, 1, undefined, undefined, undefined]);
  });
});
