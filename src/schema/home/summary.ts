/**
 * The home page's one request (`GET /home/summary`): its path and answer, and the
 * pending-work items, each declared once as the list route and the list filter that shows exactly
 * its rows. The server answers each item's figure as the total of that same list (its own list
 * query with that filter, in the caller's scope), and the page links to the list with that filter,
 * so the figure and the list it opens cannot disagree.
 */
import type { EntityName } from '../entities';
import { MEMBER_APPLY_STATUS } from '../member/entities';
import { ORDER_PAY_STATUS, ORDER_STATUS, RETURN_STATUS } from '../oms/entities';
import type { RouteName } from '../routes';

export { HOME_API } from './api';

/** Days the charts cover (the longest of the two views; the short one is its last 7). */
export const HOME_CHART_DAYS = 30;
export const HOME_SHORT_CHART_DAYS = 7;
/** Advertisements ending within this many days count as ending soon. */
export const ADS_ENDING_DAYS = 7;

/** A list filter as the list's URL and API carry it (query parameter → value). */
export type ListFilter = Readonly<Record<string, string | number>>;

export type PendingKey =
  | 'ordersPendingPayment' | 'ordersPendingShipment' | 'ordersShipped' | 'ordersPartiallyRefunded'
  | 'returnsPending' | 'returnsInProgress' | 'productsLowStock'
  | 'adsEndingSoon' | 'vipPaymentsAwaiting' | 'membersAwaitingApproval';

/**
 * One pending-work item: the entity whose list counts it, the screen route that shows that list,
 * and the filter (fixed values; `endingWindow` items get their time bounds from the answer).
 */
export type PendingDecl = {
  readonly key: PendingKey;
  readonly entity: EntityName;
  readonly route: RouteName;
  readonly filter: ListFilter;
};

export const PENDING_WORK: readonly PendingDecl[] = [
  { key: 'ordersPendingPayment', entity: 'order', route: 'order', filter: { status: ORDER_STATUS.pendingPayment } },
  { key: 'ordersPendingShipment', entity: 'order', route: 'order', filter: { status: ORDER_STATUS.pendingShipment } },
  { key: 'ordersShipped', entity: 'order', route: 'order', filter: { status: ORDER_STATUS.shipped } },
  // Orders a return gave part of the money back for: the refunded amount stands beside the paid one on each.
  { key: 'ordersPartiallyRefunded', entity: 'order', route: 'order', filter: { payStatus: ORDER_PAY_STATUS.partiallyRefunded } },
  { key: 'returnsPending', entity: 'returnApply', route: 'returnApply', filter: { status: RETURN_STATUS.pending } },
  { key: 'returnsInProgress', entity: 'returnApply', route: 'returnApply', filter: { status: RETURN_STATUS.returning } },
  // Stock at or below the product's low-stock level, unlimited stock (-1) never (the product's `lowStock` column-comparison filter).
  { key: 'productsLowStock', entity: 'product', route: 'product', filter: { lowStock: 1 } },
  // Online advertisements whose end lies between now and ADS_ENDING_DAYS from now (bounds: the answer's `adsWindow`).
  { key: 'adsEndingSoon', entity: 'homeAdvertise', route: 'homeAdvertise', filter: { status: 1 } },
  { key: 'vipPaymentsAwaiting', entity: 'payRecord', route: 'payRecord', filter: { status: 0 } },
  { key: 'membersAwaitingApproval', entity: 'member', route: 'memberList', filter: { applyStatus: MEMBER_APPLY_STATUS.pending } },
];

/** One pending item as answered: its figure and the exact filter of the list it opens. */
export type PendingItem = { key: PendingKey; count: number; route: RouteName; filter: ListFilter };

/** A flash sale on home: its dates (the platform's wall clock) and its units over every session: offered, sold (held by orders), left. */
export type HomeFlashSale = { id: number; title: string; startDate: string; endDate: string; offered: number; sold: number; left: number };

/** Most running and most upcoming flash sales home lists (soonest first). */
export const HOME_FLASH_SALES = 5;

/**
 * Marketing on home: each part only for who may list it and open its screen (`route`), so every
 * link opens a list its reader may open.
 */
export type HomeMarketing = {
  /** Online flash sales running today and starting later. */
  flash?: { route: RouteName; running: HomeFlashSale[]; upcoming: HomeFlashSale[] };
  /** Member coupons claimed on the shop front, given by staff and used on orders since the week began (Monday, in the caller's zone). */
  coupons?: { route: RouteName; weekStart: string; claimed: number; given: number; used: number };
  /** Online advertisements showing now, and their clicks so far. */
  ads?: { route: RouteName; running: number; clicks: number };
  /**
   * Promoted products no longer for sale (off sale, unverified or in the recycle bin): rows of the
   * new and popular lists still switched on, and of flash sales running or to come. The shop front
   * leaves them out already; the rows stay, marked by the product's state, until the operator acts.
   */
  notForSale?: { key: 'newProducts' | 'popularProducts' | 'flashProducts'; route: RouteName; count: number }[];
};

/** Money by currency code (ISO 4217): a platform's shops may sell in several. */
export type MoneyByCurrency = Record<string, number>;

/** One day in the caller's time zone: its orders (live, any status) and sales (paid orders' payable amounts). */
export type HomeDay = { date: string; orders: number; sales: MoneyByCurrency };

export type HomeSummary = {
  /** The IANA time zone "today" is counted in: a seller's shop's (`shop.timeZone`), else the platform's (the server's `TZ`). */
  timeZone: string;
  /** Today's date there (YYYY-MM-DD). */
  today: string;
  /** Present when the caller may list orders: the days of the charts, oldest first, today last. */
  orders?: {
    currencies: string[];
    days: HomeDay[];
    today: HomeDay;
    yesterday: HomeDay;
    /** The same weekday a week ago. */
    lastWeek: HomeDay;
  };
  /** The pending-work items the caller may list, in PENDING_WORK order. */
  pending: PendingItem[];
  /** Present with the product list; `lowStock` is the `productsLowStock` pending item's figure. */
  products?: { total: number; onSale: number; offSale: number; lowStock: number };
  /** Present with the member list. */
  members?: { newToday: number; newYesterday: number; newThisMonth: number; total: number };
  /** A seller's own VIP. */
  vip?: { level: 0 | 1; expireTime: string | null; daysLeft: number };
  /** VIP revenue by period (paid pay records by their confirmation time): for who may confirm payments. */
  vipRevenue?: { currency: string; today: number; thisMonth: number; lastMonth: number; thisYear: number; total: number };
  /** Accounts past their capacity warning (for who may read the capacity list). */
  capacity?: { overWarning: number };
  /** Referral rewards granted and not yet paid out (a seller's own; all referrers' for staff). */
  referral?: { unpaid: number; currency: string };
  /** Marketing figures (flash sales, coupons, ads, promoted products not for sale) for who may see Marketing. */
  marketing?: HomeMarketing;
  /** A seller's first steps, ticked from its data: VIP bought, a shop opened, a product added, the invite link clicked. */
  gettingStarted?: { vip: boolean; shop: boolean; product: boolean; invite: boolean };
};
