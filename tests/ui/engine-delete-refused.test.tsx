// Protects: a delete the server refuses shows what blocks it, translated by its message key in
// the chosen language ("Delete its sub-categories first"), not "Validation failed: id: ...".
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerInfo, PRELOAD_TIMEOUT_MS, preloadScreens, renderAdmin, superAdmin } from './admin-harness';
import { server } from './msw-server';

beforeAll(() => preloadScreens({ entities: true }), PRELOAD_TIMEOUT_MS);

const ok = (data: unknown) => HttpResponse.json({ code: 200, message: 'Operation succeeded', data });
const parent = { id: 5, parentId: 0, name: 'Kitchen', level: 0, productCount: 0, productUnit: 'pcs', navStatus: 1, showStatus: 1, sort: 1, icon: null, keywords: null, description: null };

describe.each([
  { lang: 'en', deleteLabel: 'Delete', confirm: 'Confirm', text: 'Delete its sub-categories first' },
  { lang: 'zh', deleteLabel: '删除', confirm: '确认', text: '请先删除其下级分类' },
])('a refused delete ($lang)', ({ lang, deleteLabel, confirm, text }) => {
  it('should say what blocks it', async () => {
    localStorage.setItem('lang', lang);
    server.use(
      http.get('*/api/productCategory/list/0', () => ok({ pageNum: 1, pageSize: 10, totalPage: 1, total: 1, list: [parent] })),
      http.post('*/api/productCategory/delete/5', () => HttpResponse.json(
        { code: 500, message: 'Delete its sub-categories first', messageKey: 'category_has_children', data: null }, { status: 409 },
      )),
    );
    answerInfo({ ...superAdmin(), resources: ['/**'] });
    renderAdmin('/pms/productCate');
    const row = (await screen.findByText('Kitchen')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getAllByRole('checkbox')[0] as HTMLElement);
    await userEvent.click(await screen.findByRole('button', { name: deleteLabel }));
    await userEvent.click(await screen.findByRole('button', { name: confirm }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByText(/Validation failed|参数检验失败/)).not.toBeInTheDocument();
  });
});
