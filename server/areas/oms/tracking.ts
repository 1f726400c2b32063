/**
 * The tracking job: every TRACKING_INTERVAL_SECONDS (two minutes by default) it asks the carrier (./carriers.ts) about shipped orders
 * with a tracking number, records the events it has not recorded yet (the unique index on order,
 * time and words makes a repeated poll, or two runners, record each once), and, when the order
 * settings say so (`receiveOnDelivered`), confirms the receipt of a delivered parcel through the
 * declared transition, as the order-settings job does. A carrier that cannot answer about one
 * parcel is logged and asked again next run; the others go on.
 */
import { ORDER_STATUS } from '../../../src/schema/oms/entities';
import type { Job } from '../../jobs/runner';
import { defineJob } from '../../jobs/runner';
import type { CarrierTracker } from './carriers';
import { trackerOf } from './carriers';
import { confirmReceiptBySystem } from './jobs';
import { recordEvents } from './track-events';

export const TRACKING_JOB = 'track-shipped-orders';
/** Parcels one run asks about, the longest-shipped first. */
export const TRACKING_BATCH = 200;

/** The job with its tracker (`trackerOf(config)` when none is given: what the server runs). */
export const trackingJob = (tracker?: CarrierTracker): Job => defineJob({
  name: TRACKING_JOB,
  // The interval is a setting (server/config.ts), so a demo or a test can watch parcels move in seconds.
  everySeconds: (config) => config.tracking.intervalSeconds,
  run: async ({ db, config, now, log }) => {
    const carrier = tracker ?? trackerOf(config);
    if (!carrier) return 'no carrier API (KUAIDI100_CUSTOMER, KUAIDI100_KEY)';
    const orders = await db.selectFrom('oms_order')
      .select(['id', 'shop_id', 'delivery_company', 'delivery_sn', 'delivery_time', 'receiver_phone'])
      .where('status', '=', ORDER_STATUS.shipped).where('delete_status', '=', 0)
      .where('delivery_sn', 'is not', null).where('delivery_time', 'is not', null)
      .orderBy('delivery_time').orderBy('id').limit(TRACKING_BATCH).execute();
    const setting = await db.selectFrom('oms_order_setting').select('receive_on_delivered').where('id', '=', 1).executeTakeFirst();
    let added = 0; let delivered = 0; let failed = 0;
    for (const order of orders) {
      try {
        const tracking = await carrier.track({
          company: order.delivery_company ?? '', number: order.delivery_sn!, phone: order.receiver_phone ?? null, shippedAt: order.delivery_time!,
        }, now);
        added += await recordEvents(db, { id: Number(order.id), shopId: order.shop_id }, tracking.events);
        if (tracking.delivered && Number(setting?.receive_on_delivered ?? 0) === 1 && await confirmReceiptBySystem(db, Number(order.id)) === 'done') delivered += 1;
      } catch (error) {
        failed += 1;
        log.warn({ orderId: Number(order.id), err: error }, `tracking: ${carrier.name} did not answer`);
      }
    }
    return `${orders.length} parcels asked (${carrier.name}): ${added} new events, ${delivered} received${failed ? `, ${failed} unanswered` : ''}`;
  },
});

export const trackShippedOrders = trackingJob();
