/**
 * The shop front's message channel for text messages to a buyer's phone. Every message is written
 * to `portal_text_message` (the record of what was sent, which the demo and the tests read); no SMS
 * gateway is wired yet, so nothing leaves the server, and the code a buyer needs is never in an
 * answer. A gateway adapter would send from here, after the row is written.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { toDbTime } from '../../db/time';

export type TextMessage = { readonly shopId: number; readonly phone: string; readonly text: string };

/** Sends (records) one text message; inside the caller's transaction when given one. */
export const sendTextMessage = async (db: Kysely<Database> | Transaction<Database>, message: TextMessage): Promise<void> => {
  await db.insertInto('portal_text_message').values({ shop_id: message.shopId, phone: message.phone, text: message.text.slice(0, 500), create_time: toDbTime() }).execute();
};
