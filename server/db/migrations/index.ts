/**
 * The engine's migrations and those of the areas that came before areas brought their own,
 * listed by hand: no filesystem scanning, so bundling, tsx and compiled output all see the same
 * list. A new area's migrations travel with it (`migrations` on its defineArea; server/migrate.ts
 * runs both lists together); never edit or rename a migration that has shipped.
 */
import type { Migration, MigrationResult } from 'kysely';
import { Migrator } from 'kysely';
import * as m001 from './001_ums_permission';
import * as m002 from './002_ums_session';
import * as m003 from './003_sys_audit_log';
import * as m100 from './100_catalog';
import * as m101 from './101_uploads';
import * as m102 from './102_tenancy';
import * as m103 from './103_permission_version';
import * as m104 from './104_sys_job';
import * as m105 from './105_unique_indexes';
import * as m110 from './110_accounts';
import * as m130 from './130_table_versions';
import * as m200 from './200_products';
import * as m210 from './210_orders';
import * as m215 from './215_returns';
import * as m220 from './220_vip';
import * as m230 from './230_shop_fields';
import * as m240 from './240_members';
import * as m245 from './245_referral';
import * as m250 from './250_cashier';
import * as m260 from './260_order_detail';
import * as m270 from './270_distribution';
import * as m290 from './290_list_filter_indexes';
import * as m305 from './305_cms_relations';
import * as m310 from './310_builtin_grants';
import * as m320 from './320_order_counters';
import * as m340 from './340_search_index';
import * as m360 from './360_order_live_indexes';
import * as m440 from './440_order_pay_delivery_status';
import * as m450 from './450_home_order_stats';
import * as m455 from './455_money_restrict';
import * as m465 from './465_order_history_note_key';
import * as m470 from './470_flash';
import * as m471 from './471_coupon';
import * as m472 from './472_home_recommend';
import * as m480 from './480_order_search_index';
import * as m490 from './490_search_index_no_pending_list';
import * as m495 from './495_table_written_rows';
import * as m500 from './500_row_log';
import * as m505 from './505_order_refund_amount';
import * as m510 from './510_outbox';
import * as m515 from './515_mail_recipients';
import * as m516 from './516_shop_time_zone';
import type { AnyKysely } from '../index';

export const migrations: Readonly<Record<string, Migration>> = {
  '001_ums_permission': m001,
  '002_ums_session': m002,
  '003_sys_audit_log': m003,
  '100_catalog': m100,
  '101_uploads': m101,
  '102_tenancy': m102,
  '103_permission_version': m103,
  '104_sys_job': m104,
  '105_unique_indexes': m105,
  '110_accounts': m110,
  '130_table_versions': m130,
  '200_products': m200,
  '210_orders': m210,
  '215_returns': m215,
  '220_vip': m220,
  '230_shop_fields': m230,
  '240_members': m240,
  '245_referral': m245,
  '250_cashier': m250,
  '260_order_detail': m260,
  '270_distribution': m270,
  '290_list_filter_indexes': m290,
  '305_cms_relations': m305,
  '310_builtin_grants': m310,
  '320_order_counters': m320,
  '340_search_index': m340,
  '360_order_live_indexes': m360,
  '440_order_pay_delivery_status': m440,
  '450_home_order_stats': m450,
  '455_money_restrict': m455,
  '465_order_history_note_key': m465,
  '470_flash': m470,
  '471_coupon': m471,
  '472_home_recommend': m472,
  '480_order_search_index': m480,
  '490_search_index_no_pending_list': m490,
  '495_table_written_rows': m495,
  '500_row_log': m500,
  '505_order_refund_amount': m505,
  '510_outbox': m510,
  '515_mail_recipients': m515,
  '516_shop_time_zone': m516,
};

/**
 * Areas are numbered by range (orders 210–219, VIP 220–239, members 240–244...), so a migration
 * of an earlier range can land after a later one has run on an existing database: it runs then,
 * instead of stopping the start as "corrupted migrations" (Kysely's default).
 */
export const createMigrator = (db: AnyKysely, all: Readonly<Record<string, Migration>> = migrations): Migrator =>
  new Migrator({ db, allowUnorderedMigrations: true, provider: { getMigrations: async () => ({ ...all }) } });

/**
 * Brings the schema up to date with these migrations; throws (with the failing migration's name)
 * on any error. The app migrates with every area's too (server/migrate.ts).
 */
export const migrateWith = async (db: AnyKysely, all: Readonly<Record<string, Migration>>): Promise<MigrationResult[]> => {
  const { error, results } = await createMigrator(db, all).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`, { cause: error });
  }
  return results ?? [];
};
