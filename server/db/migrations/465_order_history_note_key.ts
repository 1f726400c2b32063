/**
 * An order history row the server writes itself (a note edited, the receiver or the fees changed,
 * a refund…) keeps what happened as a message key with its parameters (src/schema/oms/entities.ts
 * ORDER_HISTORY_NOTES), shown in the reader's language; `note` stays for the text a person wrote
 * (a close reason) and for the rows written before, which read as they always did.
 */
import type { AnyKysely } from '../index';

export const up = async (db: AnyKysely): Promise<void> => {
  await db.schema.alterTable('oms_order_operate_history').addColumn('note_key', 'varchar(64)').execute();
  await db.schema.alterTable('oms_order_operate_history').addColumn('note_params', 'text').execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  await db.schema.alterTable('oms_order_operate_history').dropColumn('note_params').execute();
  await db.schema.alterTable('oms_order_operate_history').dropColumn('note_key').execute();
};
