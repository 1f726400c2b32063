/**
 * What an empty shop's server answers to the calls some screens make beside their list: the
 * order list's status tabs, the distribution screens' ratio, the invite link. Shared by the shell
 * tests (admin-harness) and the entity screen tests, which open these screens for something else
 * (menus, titles, a column) and must still answer every request they make.
 */
import { http, HttpResponse } from 'msw';
import { ORDER_STATUSES } from '../../src/schema/oms/entities';
import { DEFAULT_DISTRIBUTION_RATIO, inviteLinkOf, RMS_RATIO_PATH, type DistributionRatios, type InviteLink } from '../../src/schema/referral/entities';
import { server } from './msw-server';

const ok = (data: unknown) => HttpResponse.json({ code: 200, message: 'Operation succeeded', data });

/** `GET /order/statusCounts` of a shop without orders: every declared status at zero (server/areas/oms/orders.ts). */
export const NO_ORDER_COUNTS = { all: 0, byStatus: Object.fromEntries(ORDER_STATUSES.map((s) => [s.value, 0])) };

/** Answers the screens' side calls as a fresh install would: no orders, the default ratio, an invite link. */
export const answerSideCallsEmpty = () =>
  server.use(
    http.get('*/api/order/statusCounts', () => ok(NO_ORDER_COUNTS)),
    http.get(`*/api${RMS_RATIO_PATH}`, () => ok({ ratio: DEFAULT_DISTRIBUTION_RATIO, overrides: [] } satisfies DistributionRatios)),
    http.get('*/api/rms/link', () => ok({ code: 'TEST01', link: inviteLinkOf('http://localhost', 'TEST01') } satisfies InviteLink)),
  );
