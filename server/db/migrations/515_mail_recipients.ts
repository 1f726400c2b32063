/**
 * Who mail goes to, and in which language: a buyer's (member's) email and language, an account's
 * language (accounts had an email already; none: English), and what the order's messages record of the outbox:
 * the kind of message (a person's message, the shipped or refunded notice) and its outbox row,
 * whose delivery state the order's page shows.
 */
import type { AnyKysely } from '../index';

export const up = async (db: AnyKysely): Promise<void> => {
  await db.schema.alterTable('ums_member').addColumn('email', 'varchar(100)').execute();
  await db.schema.alterTable('ums_member').addColumn('language', 'varchar(8)').execute();
  await db.schema.alterTable('ums_admin').addColumn('language', 'varchar(8)').execute();
  await db.schema.alterTable('oms_order_message').addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('message')).execute();
  await db.schema.alterTable('oms_order_message').addColumn('outbox_id', 'integer').execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  await db.schema.alterTable('oms_order_message').dropColumn('outbox_id').execute();
  await db.schema.alterTable('oms_order_message').dropColumn('kind').execute();
  await db.schema.alterTable('ums_admin').dropColumn('language').execute();
  await db.schema.alterTable('ums_member').dropColumn('language').execute();
  await db.schema.alterTable('ums_member').dropColumn('email').execute();
};
