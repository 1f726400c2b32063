/**
 * Account hardening: usernames unique regardless of case (an index on lower(username), so two
 * racing registrations of `Admin` and `admin` cannot both land), lock-out memory for growing
 * sign-in delays, and an index for "has this address signed in to this account before".
 * A database holding usernames that differ only in case (possible in an imported `mall`
 * database) stops here with the index error: rename one of them, then start again.
 */
import { sql } from 'kysely';
import type { AnyKysely } from '../index';

export const up = async (db: AnyKysely): Promise<void> => {
  await db.schema.createIndex('ums_admin_username_ci_uq').on('ums_admin').unique().expression(sql`lower(username)`).execute();
  await db.schema.alterTable('ums_login_throttle').addColumn('lockouts', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('ums_admin_login_log_admin_ip_idx').on('ums_admin_login_log').columns(['admin_id', 'ip']).execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  await db.schema.dropIndex('ums_admin_login_log_admin_ip_idx').execute();
  await db.schema.alterTable('ums_login_throttle').dropColumn('lockouts').execute();
  await db.schema.dropIndex('ums_admin_username_ci_uq').execute();
};
