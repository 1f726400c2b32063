/**
 * The shop's full fields (src/schema/shop/entities.ts, spec section 3): company and address, contact,
 * currency, the invite code customers sign up with (unique; shops that exist already get one
 * here), how customers' sign-ups are approved, and the payment methods (offline PayPal, online
 * PayPal with its secret key stored encrypted by the engine, offline blockchain). One ADD COLUMN
 * per statement: SQLite takes no more.
 */
import { randomInt } from 'node:crypto';
import type { AnyKysely } from '../index';

/** As server/auth/invite-code.ts: eight characters without look-alikes (0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const code = (): string => Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

const TEXT_COLUMNS: readonly [string, number][] = [
  ['invite_code', 16], ['company_name', 200], ['legal_person_name', 100], ['country', 100], ['city', 100],
  ['street_line1', 200], ['address_line2', 200], ['postcode', 20], ['first_name', 100], ['last_name', 100], ['phone', 40],
  ['paypal_account', 200], ['paypal_client_id', 200], ['blockchain_network', 40], ['wallet_address', 128],
];

export const up = async (db: AnyKysely): Promise<void> => {
  for (const [column, length] of TEXT_COLUMNS) {
    await db.schema.alterTable('shop').addColumn(column, `varchar(${length})`).execute();
  }
  await db.schema.alterTable('shop').addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('USD')).execute();
  await db.schema.alterTable('shop').addColumn('auto_approve', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  for (const column of ['paypal_offline', 'paypal_online', 'blockchain']) {
    await db.schema.alterTable('shop').addColumn(column, 'integer', (c) => c.notNull().defaultTo(0)).execute();
  }
  // Encrypted by the engine (server/crud/secrets.ts): longer than the value it holds.
  await db.schema.alterTable('shop').addColumn('paypal_secret_key', 'text').execute();

  const shops = await db.selectFrom('shop').select('id').orderBy('id').execute();
  const used = new Set<string>();
  for (const { id } of shops) {
    let next = code();
    while (used.has(next)) next = code();
    used.add(next);
    await db.updateTable('shop').set({ invite_code: next }).where('id', '=', id).execute();
  }
  await db.schema.createIndex('shop_invite_code_key').unique().on('shop').column('invite_code').execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  await db.schema.dropIndex('shop_invite_code_key').execute();
  for (const column of [...TEXT_COLUMNS.map(([c]) => c), 'currency', 'auto_approve', 'paypal_offline', 'paypal_online', 'blockchain', 'paypal_secret_key']) {
    await db.schema.alterTable('shop').dropColumn(column).execute();
  }
};
