/**
 * Carrier tracking: one contract (a carrier's company and tracking number in, its events out),
 * one real provider, Kuaidi100 (its real-time query API, signed with the operator's key; it covers
 * the Chinese carriers and the international ones the order's company list names), and the demo's
 * stand-in, whose parcels advance through the events a parcel really goes through over a few
 * minutes. The job in ./tracking.ts asks whichever the settings give.
 */
import { createHash } from 'node:crypto';
import type { Config } from '../../config';

/** Where a parcel is, by one event. */
export type CarrierEventStatus = 'picked_up' | 'in_transit' | 'out_for_delivery' | 'delivered' | 'exception';

export type CarrierEvent = {
  /** When it happened (ISO-8601 UTC). */
  readonly time: string;
  readonly status: CarrierEventStatus;
  /** The carrier's own words (in its language). */
  readonly description: string;
  readonly location: string | null;
};

export type ParcelQuery = {
  /** The order's logistics company as stored (a listed company's name, or one the shipper typed). */
  readonly company: string;
  readonly number: string;
  /** The receiver's phone: some carriers (SF Express) answer only with its last digits. */
  readonly phone: string | null;
  /** When the order shipped (ISO-8601 UTC). */
  readonly shippedAt: string;
};

export type ParcelTracking = { readonly events: readonly CarrierEvent[]; readonly delivered: boolean };

/** A tracking provider: `track` answers the parcel's events, oldest first; throws when the provider cannot answer. */
export type CarrierTracker = { readonly name: string; readonly track: (query: ParcelQuery, now: Date) => Promise<ParcelTracking> };

/** Kuaidi100's company codes of the order's listed companies (src/schema/oms/entities.ts DELIVERY_COMPANIES). */
const KUAIDI100_CODES: Readonly<Record<string, string>> = {
  '顺丰快递': 'shunfeng', '圆通快递': 'yuantong', '中通快递': 'zhongtong', '韵达快递': 'yunda', '申通快递': 'shentong',
  '京东物流': 'jd', '极兔速递': 'jtexpress', EMS: 'ems', DHL: 'dhl', FedEx: 'fedex', UPS: 'ups', USPS: 'usps',
  DPD: 'dpd', TNT: 'tnt', 'Royal Mail': 'royalmail', 'Japan Post': 'japanposten',
};

/** Kuaidi100's company code for a stored company name; a typed one is passed on lower-cased (Kuaidi100 knows many more). */
export const kuaidi100CodeOf = (company: string): string => KUAIDI100_CODES[company] ?? company.trim().toLowerCase().replace(/\s+/g, '');

/** The signature of a query: MD5 of param + key + customer, 32 upper-case hex digits (Kuaidi100's rule). */
export const kuaidi100Sign = (param: string, key: string, customer: string): string =>
  createHash('md5').update(param + key + customer, 'utf8').digest('hex').toUpperCase();

/** Kuaidi100's event times are Beijing time (UTC+8, no daylight saving): `2026-12-01 09:30:00` → UTC. */
const beijingToUtc = (text: string): string => {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) throw new Error(`Kuaidi100: unreadable time "${text}"`);
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  return new Date(Date.UTC(y, mo - 1, d, h - 8, mi, s)).toISOString();
};

/** Kuaidi100's `state` of the parcel (and of each event with `resultv2`): 0 in transit, 1 picked up, 2 trouble, 3 signed for, 4 refused/returned, 5 out for delivery, 6 returning, 14 refused. */
const statusOfState = (state: string | undefined): CarrierEventStatus => {
  switch (state) {
    case '1': return 'picked_up';
    case '3': return 'delivered';
    case '5': return 'out_for_delivery';
    case '2': case '4': case '6': case '14': return 'exception';
    default: return 'in_transit';
  }
};

type Kuaidi100Answer = {
  message?: string; status?: string; state?: string; ischeck?: string; returnCode?: string; result?: boolean;
  data?: { time?: string; ftime?: string; context?: string; location?: string; areaName?: string; status?: string; statusCode?: string }[];
};

/**
 * Kuaidi100's real-time query (`POST {apiBase}/poll/query.do`, form fields `customer`, `sign`,
 * `param`): the answer's `data` is newest first; `ischeck` 1 means signed for (delivered).
 */
export const kuaidi100Tracker = (settings: { customer: string; key: string; apiBase: string }, fetcher: typeof fetch = fetch): CarrierTracker => ({
  name: 'kuaidi100',
  track: async (query) => {
    const param = JSON.stringify({
      com: kuaidi100CodeOf(query.company), num: query.number, resultv2: '1',
      ...(query.phone ? { phone: query.phone.replace(/\D/g, '').slice(-4) } : {}),
    });
    const body = new URLSearchParams({ customer: settings.customer, sign: kuaidi100Sign(param, settings.key, settings.customer), param });
    const response = await fetcher(`${settings.apiBase}/poll/query.do`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body, signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new Error(`Kuaidi100 answered HTTP ${response.status}`);
    const answer = await response.json() as Kuaidi100Answer;
    // A query error is `result: false` with a returnCode (400 bad parameters, 500 no such parcel yet, 601 no balance...).
    if (answer.result === false || (answer.status && answer.status !== '200')) {
      if (answer.returnCode === '500') return { events: [], delivered: false };
      throw new Error(`Kuaidi100: ${answer.returnCode ?? answer.status ?? ''} ${answer.message ?? ''}`.trim());
    }
    const events = (answer.data ?? []).filter((e) => e.time || e.ftime).map((e): CarrierEvent => ({
      time: beijingToUtc(e.ftime ?? e.time!), description: String(e.context ?? '').slice(0, 500),
      location: (e.location || e.areaName || null)?.slice(0, 200) ?? null,
      // With resultv2 each event has a state code; its sub-states (301, 501...) start with their main state's digit.
      status: statusOfState(e.statusCode === '14' ? '14' : e.statusCode?.charAt(0)),
    })).reverse();
    return { events, delivered: answer.ischeck === '1' || answer.state === '3' };
  },
});

/**
 * The stand-in's route at its default pace (DEMO_STEP_SECONDS between two events): each step after
 * so many seconds from shipping, in the carrier's words in both languages.
 */
const DEMO_STEPS: readonly { after: number; status: CarrierEventStatus; en: string; zh: string }[] = [
  { after: 30, status: 'picked_up', en: 'Parcel picked up by the courier', zh: '快递员已揽收' },
  { after: 75, status: 'in_transit', en: 'Departed the origin sorting centre', zh: '已离开始发地分拣中心' },
  { after: 120, status: 'in_transit', en: 'In transit to the destination city', zh: '运输中，发往目的地城市' },
  { after: 165, status: 'in_transit', en: 'Arrived at the destination sorting centre', zh: '已到达目的地分拣中心' },
  { after: 210, status: 'out_for_delivery', en: 'Out for delivery', zh: '派送中' },
  { after: 255, status: 'delivered', en: 'Delivered: signed for by the receiver', zh: '已签收' },
];

/** The stand-in's default pace (DEMO_CARRIER_STEP_SECONDS): 45 s between two events, delivered 255 s after shipping. */
export const DEMO_STEP_SECONDS = 45;

/**
 * The demo's carrier: no account, no network. A parcel's events follow the steps above from its
 * shipping time, their delays scaled to `stepSeconds` between two events (at the default, delivered
 * about four minutes after shipping); Chinese carriers answer in Chinese.
 */
export const demoTracker = (stepSeconds: number = DEMO_STEP_SECONDS): CarrierTracker => ({
  name: 'demo',
  track: async (query, now) => {
    const shipped = new Date(query.shippedAt).getTime();
    const chinese = /[\u4e00-\u9fff]/.test(query.company);
    // Whole milliseconds, so a step's time is the same on every poll (the event's key holds its time).
    const at = (step: { after: number }) => shipped + Math.round((step.after * 1000 * stepSeconds) / DEMO_STEP_SECONDS);
    const events = DEMO_STEPS.filter((step) => at(step) <= now.getTime()).map((step): CarrierEvent => ({
      time: new Date(at(step)).toISOString(), status: step.status,
      description: chinese ? step.zh : step.en, location: null,
    }));
    return { events, delivered: events.some((e) => e.status === 'delivered') };
  },
});

/** The tracker the settings give: Kuaidi100 with an account, the stand-in in the demo, otherwise none. */
export const trackerOf = (config: Pick<Config, 'tracking'>): CarrierTracker | null => {
  if (config.tracking.kuaidi100) return kuaidi100Tracker(config.tracking.kuaidi100);
  return config.tracking.demo ? demoTracker(config.tracking.demoStepSeconds) : null;
};
