// Protects: the first draws (a list's, home's) write the screen from the early answer in the reader's
// language, and give way to the admin: when its own screen appears, when the answer is refused or empty,
// when the route is left; a new seller's home waits for the admin's checklist.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { drawFirstRows } from '../../src/admin/firstDraw';
import { drawHomeFigures } from '../../src/admin/homeFirstDraw';
import type { Envelope } from '../../src/schema/api';
import type { HomeSummary } from '../../src/schema/home/summary';

// The draws use closed shadow roots (the page's scripts must find one copy of a screen, the admin's):
// the test keeps the roots the page attaches.
const roots: ShadowRoot[] = [];
const attach = Element.prototype.attachShadow;
beforeEach(() => {
  roots.length = 0;
  Element.prototype.attachShadow = function keep(this: Element, init: ShadowRootInit) {
    const root = attach.call(this, init);
    roots.push(root);
    return root;
  };
  window.history.replaceState(null, '', '/home');
});
afterEach(() => {
  Element.prototype.attachShadow = attach;
  document.body.replaceChildren();
  localStorage.clear();
});

const host = () => document.querySelector('[data-first-draw]');
const drawnText = () => roots.at(-1)?.textContent ?? '';
const answer = <T,>(data: T): Promise<Envelope<unknown>> => Promise.resolve({ code: 200, message: 'ok', data });

const day = (orders: number, usd: number) => ({ date: '2026-12-07', orders, sales: { USD: usd } });
const summary = (extra: Partial<HomeSummary> = {}): HomeSummary => ({
  timeZone: 'Asia/Shanghai', today: '2026-12-07',
  orders: { currencies: ['USD'], days: [], today: day(12, 1234.5), yesterday: day(9, 800), lastWeek: day(10, 1000) },
  pending: [
    { key: 'ordersPendingShipment', count: 4, route: 'order', filter: { status: 1 } },
    { key: 'returnsPending', count: 0, route: 'returnApply', filter: { status: 0 } },
  ],
  ...extra,
});

describe("home's first draw", () => {
  it("draws today's figures and the pending work from the summary, then gives way to the admin's dashboard", async () => {
    const draw = drawHomeFigures(answer(summary()));
    expect(host()).toHaveAttribute('data-first-draw', 'frame');
    await draw.painted;
    expect(host()).toHaveAttribute('data-first-draw', 'figures');
    expect(host()).not.toHaveAttribute('aria-busy');
    const text = drawnText();
    for (const shown of ['Home', 'Today at a glance', 'Orders today', '12', '$1,234.50', '+23.5% vs. same day last week', 'Orders pending shipment', '4', 'Returns pending', 'Asia/Shanghai']) {
      expect(text).toContain(shown);
    }
    // The admin's dashboard appears: the draw is gone before the page paints again.
    const admin = document.createElement('div');
    admin.dataset.testid = 'home-dashboard';
    document.body.append(admin);
    await expect.poll(() => host()).toBeNull();
    expect(performance.getEntriesByName('first-draw-handed-over').at(-1)).toMatchObject({ detail: 'ready' });
  });

  it("writes the reader's language", async () => {
    localStorage.setItem('lang', 'zh');
    await drawHomeFigures(answer(summary())).painted;
    for (const shown of ['首页', '今日概况', '今日订单', '待发货订单', 'US$1,234.50']) expect(drawnText()).toContain(shown);
  });

  it('gives way at once when the summary is refused or is no summary', async () => {
    await drawHomeFigures(Promise.reject(new Error('forbidden'))).painted;
    expect(host()).toBeNull();
    await drawHomeFigures(answer({ list: [] })).painted;
    expect(host()).toBeNull();
  });

  it("keeps only the frame for a new seller, whose home starts with the admin's checklist", async () => {
    await drawHomeFigures(answer(summary({ gettingStarted: { vip: false, shop: false, product: false, invite: false } }))).painted;
    expect(host()).toHaveAttribute('data-first-draw', 'frame');
    expect(drawnText()).not.toContain('Today at a glance');
  });

  it('stays on the sign-in page it was drawn on, and leaves with any other route', async () => {
    window.history.replaceState(null, '', '/login');
    await drawHomeFigures(answer(summary()), ['/login']).painted;
    expect(host()).toHaveAttribute('data-first-draw', 'figures');
    window.history.pushState(null, '', '/pms/product');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(host()).toBeNull();
  });

  it('is taken away by the sign-in when it fails after the draw', async () => {
    const draw = drawHomeFigures(answer(summary()));
    await draw.painted;
    draw.remove();
    expect(host()).toBeNull();
  });
});

describe("a list's first draw", () => {
  beforeEach(() => window.history.replaceState(null, '', '/pms/product'));

  it("draws the first page's rows with the declared columns, then gives way to the admin's rows", async () => {
    drawFirstRows('/pms/product', answer({ list: [{ id: 7, name: 'Kraft mailer box', price: 12.5, brandId: 3, brandName: 'Sunrise', publishStatus: 1 }] }));
    await expect.poll(() => host()?.getAttribute('data-first-draw')).toBe('rows');
    for (const shown of ['Products', 'Product name', 'Kraft mailer box', '12.50', 'Sunrise']) expect(drawnText()).toContain(shown);
    const main = document.createElement('main');
    main.id = 'main-content';
    main.innerHTML = '<table><tbody><tr class="RaDataTable-row"><td>Kraft mailer box</td></tr></tbody></table>';
    document.body.append(main);
    await expect.poll(() => host()).toBeNull();
  });

  it('gives way when the first page is empty, and draws nothing for a route it does not know', async () => {
    drawFirstRows('/pms/product', answer({ list: [] }));
    await expect.poll(() => host()).toBeNull();
    drawFirstRows('/nowhere', answer({ list: [{ id: 1 }] }));
    expect(host()).toBeNull();
  });
});
