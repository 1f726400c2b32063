/**
 * The outbox (`sys_outbox`, server/jobs/outbox.ts): one row per message the system sends, written
 * in the transaction of the change that caused it and delivered later by the `deliver-outbox` job.
 * A row is claimed by one conditional UPDATE (status and lease), so two runners never send it twice;
 * `attempts`, `next_attempt_time` and `last_error` carry the retries and why the last one failed.
 * `topic` and `topic_id` name what the message is about (an order), so a screen lists its messages.
 */
import { TIME, idColumn } from './columns';
import type { AnyKysely } from '../index';

export const up = async (db: AnyKysely): Promise<void> => {
  await db.schema.createTable('sys_outbox')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('recipient', 'varchar(320)', (c) => c.notNull())
    .addColumn('language', 'varchar(8)', (c) => c.notNull())
    .addColumn('subject', 'varchar(500)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('topic', 'varchar(32)')
    .addColumn('topic_id', 'integer')
    .addColumn('shop_id', 'integer')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_time', TIME, (c) => c.notNull())
    .addColumn('lease_owner', 'varchar(100)')
    .addColumn('lease_until', TIME)
    .addColumn('last_error', 'varchar(1000)')
    .addColumn('create_time', TIME, (c) => c.notNull())
    .addColumn('sent_time', TIME)
    .execute();
  // The delivery job's question: what is due now, oldest first.
  await db.schema.createIndex('sys_outbox_due').on('sys_outbox').columns(['status', 'next_attempt_time']).execute();
  // A screen's question: the messages about one record.
  await db.schema.createIndex('sys_outbox_topic').on('sys_outbox').columns(['topic', 'topic_id']).execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  await db.schema.dropTable('sys_outbox').execute();
};
