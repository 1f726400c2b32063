// Protects: the screen's first request sent from the entry before its code arrives is the
// screen's own call: the list takes that answer instead of asking again when the parameters are the
// same (none in the URL, the ones react-admin stored, the ones in the URL), and asks anew when they
// differ or when a write came between; the session read takes its early answer too.
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerInfo, answerScreensEmpty, PRELOAD_TIMEOUT_MS, preloadScreens, renderAdmin, superAdmin } from './admin-harness';
import { startScreenRequestsEarly } from '../../src/admin/earlyStart';
import { ADMIN_STORE_KEY } from '../../src/admin/adminStore';
import { apiFetch, startEarlyGet } from '../../src/providers/api';
import { server } from './msw-server';

beforeAll(() => preloadScreens({ entities: true }), PRELOAD_TIMEOUT_MS);

const envelope = (data: unknown) => HttpResponse.json({ code: 200, message: 'Operation succeeded', data });
const page = <T,>(list: T[], total = list.length) => ({ pageNum: 1, pageSize: 10, totalPage: Math.ceil(total / 10), total, list });

const brand = (id: number, name: string) => ({
  id, name, firstLetter: name[0], sort: id, factoryStatus: 1, showStatus: 1, productCount: 0, productCommentCount: 0, logo: null, bigPic: null, brandStory: null,
});

/** Serves the brand list: the first call answers `Early`, every later one `Late`; the calls' queries are recorded. */
const serveBrands = () => {
  const calls: URLSearchParams[] = [];
  server.use(http.get('*/api/brand/list', ({ request }) => {
    calls.push(new URL(request.url).searchParams);
    return envelope(page([brand(calls.length, calls.length === 1 ? 'Early' : 'Late')], 30));
  }));
  return calls;
};

/** Counts the session reads. */
const countInfo = () => {
  const calls: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname === '/api/admin/info') calls.push(request.url);
  });
  return calls;
};

let tokens = 0;

/** As the entry does for a signed-in page: the session and the screen's first call leave before the admin renders. */
const openEarly = async (path: string, { writeBetween = false } = {}) => {
  const token = `Bearer early-${++tokens}`;
  localStorage.setItem('loginToken', token);
  const url = new URL(path, 'http://localhost');
  void startEarlyGet('/admin/info');
  // The entry's way: the generated table (a list opened with a filter is left to the screen).
  await startScreenRequestsEarly({ pathname: url.pathname, search: url.search, hash: url.hash });
  if (writeBetween) {
    server.use(http.post('*/api/brand/update/showStatus', () => envelope(null)));
    await apiFetch('/brand/update/showStatus', { method: 'POST', query: { ids: 1, showStatus: 0 } });
  }
  renderAdmin(path, { token });
};

describe('early requests', () => {
  it('should show the early answer of the list and the session without asking again', async () => {
    answerInfo(superAdmin());
    answerScreensEmpty();
    const brands = serveBrands();
    const info = countInfo();
    await openEarly('/pms/brand');
    expect(await screen.findByText('Early')).toBeInTheDocument();
    expect(brands).toHaveLength(1);
    expect(Object.fromEntries(brands[0]!)).toEqual({ pageNum: '1', pageSize: '10', sort: 'sort', order: 'desc' });
    expect(info).toHaveLength(1);
  });

  it('should ask with the parameters react-admin stored for the list, once', async () => {
    answerInfo(superAdmin());
    answerScreensEmpty();
    const brands = serveBrands();
    localStorage.setItem(`RaStore${ADMIN_STORE_KEY}.brand.list{}`, JSON.stringify({ sort: 'name', order: 'ASC', page: 2, perPage: 20, filter: { keyword: 'ea' }, displayedFilters: {} }));
    try {
      await openEarly('/pms/brand');
      expect(await screen.findByText('Early')).toBeInTheDocument();
      expect(brands).toHaveLength(1);
      expect(Object.fromEntries(brands[0]!)).toEqual({ pageNum: '2', pageSize: '20', sort: 'name', order: 'asc', keyword: 'ea' });
    } finally {
      localStorage.removeItem(`RaStore${ADMIN_STORE_KEY}.brand.list{}`);
    }
  });

  it('should ask with the parameters of the URL, once', async () => {
    answerInfo(superAdmin());
    answerScreensEmpty();
    const brands = serveBrands();
    await openEarly(`/pms/brand?page=3&perPage=50&sort=name&order=ASC&filter=${encodeURIComponent(JSON.stringify({ keyword: 'x' }))}`);
    expect(await screen.findByText('Early')).toBeInTheDocument();
    expect(brands).toHaveLength(1);
    expect(Object.fromEntries(brands[0]!)).toEqual({ pageNum: '3', pageSize: '50', sort: 'name', order: 'asc', keyword: 'x' });
  });

  it('should not hand an answer for other parameters to the list', async () => {
    answerInfo(superAdmin());
    answerScreensEmpty();
    const brands = serveBrands();
    const token = `Bearer early-${++tokens}`;
    localStorage.setItem('loginToken', token);
    // Started for the first page; the screen opens at the second.
    await startScreenRequestsEarly({ pathname: '/pms/brand', search: '', hash: '' });
    renderAdmin('/pms/brand?page=2&perPage=10&sort=sort&order=DESC', { token });
    expect(await screen.findByText('Late')).toBeInTheDocument();
    expect(screen.queryByText('Early')).not.toBeInTheDocument();
    expect(brands.map((q) => q.get('pageNum'))).toEqual(['1', '2']);
  });

  it('should ask again after a write made between the early request and the screen', async () => {
    answerInfo(superAdmin());
    answerScreensEmpty();
    const brands = serveBrands();
    await openEarly('/pms/brand', { writeBetween: true });
    expect(await screen.findByText('Late')).toBeInTheDocument();
    expect(brands).toHaveLength(2);
  });
});
