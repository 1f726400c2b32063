/**
 * The carrier events of orders (`oms_order_track_event`): written by the tracking job (./tracking.ts),
 * read by the order's `track` answer (./orders.ts). A leaf, so neither imports the other.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { toApiTime, toDbTime } from '../../db/time';

/** Records the events not yet recorded; answers how many were new. */
export const recordEvents = async (db: Kysely<Database>, order: { id: number; shopId: number }, events: readonly { time: string; status: string; description: string; location: string | null }[]): Promise<number> => {
  let added = 0;
  for (const event of events) {
    const result = await db.insertInto('oms_order_track_event').values({
      order_id: order.id, shop_id: order.shopId, event_time: event.time, status: event.status,
      description: event.description.slice(0, 500), location: event.location, create_time: toDbTime(),
    }).onConflict((oc) => oc.columns(['order_id', 'event_time', 'description']).doNothing()).executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
};

/** An order's carrier events, oldest first, as the `track` answer carries them. */
export const carrierEventsOf = async (db: Kysely<Database>, orderId: number) =>
  (await db.selectFrom('oms_order_track_event').select(['id', 'event_time', 'status', 'description', 'location'])
    .where('order_id', '=', orderId).orderBy('event_time').orderBy('id').execute())
    .map((e) => ({ id: Number(e.id), time: toApiTime(e.event_time)!, status: e.status, description: e.description, location: e.location }));

