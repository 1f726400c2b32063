/**
 * What buyers signing in to a shop front need: a password, points, growth and a token version on
 * the shop's member row (a password change bumps the version and so ends every token issued
 * before), their sign-in log (an address that signed in before is "known", as for admins), the
 * codes sent to a phone (kept hashed, single use, expiring) and the text messages sent (the demo's
 * and the tests' message channel), and the column of the shop's `signUpCode` (src/schema/shop/entities.ts):
 * whether its sign-up asks for such a code.
 */
import type { AnyKysely } from '../../db/index';
import { idColumn, TIME } from '../../db/migrations/columns';

type Schema = AnyKysely;

export const up = async (db: Schema): Promise<void> => {
  const id = idColumn(db);
  await db.schema.alterTable('ums_member').addColumn('password', 'varchar(200)').execute();
  await db.schema.alterTable('ums_member').addColumn('integration', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('ums_member').addColumn('growth', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('ums_member').addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('ums_member').addColumn('login_time', TIME).execute();
  await db.schema.alterTable('shop').addColumn('sign_up_code', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createTable('ums_member_login_log')
    .addColumn('id', 'integer', id)
    .addColumn('member_id', 'integer', (c) => c.notNull().references('ums_member.id').onDelete('cascade'))
    .addColumn('create_time', TIME, (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .execute();
  await db.schema.createIndex('ums_member_login_log_member_idx').on('ums_member_login_log').columns(['member_id', 'ip']).execute();
  await db.schema.createTable('portal_auth_code')
    .addColumn('id', 'integer', id)
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shop.id').onDelete('cascade'))
    .addColumn('phone', 'varchar(32)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(128)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', TIME, (c) => c.notNull())
    .addColumn('expire_time', TIME, (c) => c.notNull())
    .addColumn('used_time', TIME)
    .execute();
  await db.schema.createIndex('portal_auth_code_phone_idx').on('portal_auth_code').columns(['shop_id', 'phone', 'purpose', 'id']).execute();
  await db.schema.createTable('portal_text_message')
    .addColumn('id', 'integer', id)
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shop.id').onDelete('cascade'))
    .addColumn('phone', 'varchar(32)', (c) => c.notNull())
    .addColumn('text', 'varchar(500)', (c) => c.notNull())
    .addColumn('create_time', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('portal_text_message_phone_idx').on('portal_text_message').columns(['shop_id', 'phone', 'id']).execute();
};

export const down = async (db: Schema): Promise<void> => {
  for (const table of ['portal_text_message', 'portal_auth_code', 'ums_member_login_log']) await db.schema.dropTable(table).execute();
  await db.schema.alterTable('shop').dropColumn('sign_up_code').execute();
  for (const column of ['login_time', 'token_version', 'growth', 'integration', 'password']) await db.schema.alterTable('ums_member').dropColumn(column).execute();
};
