/**
 * Capacity: how much of each quota an admin uses, counted from the real tables. Each area
 * describes its quota once (a meter, `QuotaMeter` of server/crud/quotas.ts, on its defineArea):
 * the capacity list and the create guards read only this description, so an area that arrives
 * later (products) adds its meter and a quota field of the user group (src/schema/ums/entities.ts) and
 * edits neither the capacity screen nor the guards.
 */
import { ResultCode } from '../../../src/schema/api';
import type { CapacityItem } from '../../../src/schema/ums/entities';
import { enabledSuperAdminIds } from '../../auth/ceiling';
import type { Db } from '../../crud/hooks';
import { dialectOf, toCount } from '../../db/index';
import type { Database } from '../../db/schema';
import { columnOf } from '../../../src/schema/engine/entity';
import { userGroup } from '../../../src/schema/ums/entities';
import type { DefaultQuotas, QuotaColumn, QuotaField, QuotaMeter } from '../area';
import { httpError } from '../../http/errors';
import type { HttpError } from '../../http/errors';

const QUOTA_FIELDS = Object.keys(userGroup.fields).filter((name): name is QuotaField => name.startsWith('quota'));
/** The column of a quota field (`quotaStorageMb` → `quota_storage_mb`). */
const quotaColumnOf = (field: QuotaField): QuotaColumn => columnOf(field, userGroup.fields[field]) as QuotaColumn;
/** The group's quota columns and its warning threshold, as a query of `ums_user_group as g` selects them. */
export const GROUP_QUOTA_SELECTION = [...QUOTA_FIELDS.map((field) => `g.${quotaColumnOf(field)}` as const), 'g.warn_percent' as const];

/** A table whose rows belong to a shop (its `shop_id`). */
type ShopRowTable = { [T in keyof Database]: 'shop_id' extends keyof Database[T] ? T : never }[keyof Database];

/**
 * A quota of rows in the shops an admin owns (products, molds), the recycle bin's included (they
 * hold their place until deleted for good). A new row spends its shop owner's quota, whoever adds
 * it (the super admin too); a row of an ownerless shop spends nobody's.
 */
export const shopRowsMeter = (meter: {
  readonly key: string; readonly quota: QuotaField; readonly table: ShopRowTable;
  /** The entity whose create spends it. */
  readonly entity: string;
}): QuotaMeter => ({
  key: meter.key, unit: 'count', quota: meter.quota, guards: [meter.entity], tables: [meter.table, 'shop'],
  count: async (db, adminId) => {
    const row = await db.selectFrom(meter.table).innerJoin('shop', 'shop.id', `${meter.table}.shop_id`)
      .select((eb) => eb.fn.countAll().as('n')).where('shop.owner_id', '=', adminId).executeTakeFirst();
    return toCount(row?.n as string | number | undefined);
  },
  subjectOf: async (db, values) => {
    const shopId = Number(values.shopId);
    if (!Number.isInteger(shopId) || shopId < 1) return null;
    const shop = await db.selectFrom('shop').select('owner_id').where('id', '=', shopId).executeTakeFirst();
    return shop?.owner_id ?? null;
  },
});

/** Guarded creates that are not an entity: the upload route. */
export const UPLOAD_TARGET = 'upload';

const quotaExceeded = (what: string, quota: number): HttpError =>
  httpError({ status: 409, code: ResultCode.failed, messageKey: 'quota_exceeded', params: { what, quota } });

type Quotas = Pick<Database['ums_user_group'], QuotaColumn | 'warn_percent'> & { group_id: number };

/** The setting of a quota field's default (`quotaStorageMb` → `storageMb`, DEFAULT_QUOTA_STORAGE_MB): a quota without one does not compile. */
type DefaultOf<F extends QuotaField> = F extends `quota${infer Rest}` ? Uncapitalize<Rest> : never;
const defaultOf = <F extends QuotaField>(field: F): DefaultOf<F> =>
  `${field.charAt(5).toLowerCase()}${field.slice(6)}` as DefaultOf<F>;

export const defaultQuotasOf = (config: { readonly defaultQuotas: Readonly<Record<DefaultOf<QuotaField>, number>> }): DefaultQuotas =>
  Object.fromEntries(QUOTA_FIELDS.map((field) => [quotaColumnOf(field), config.defaultQuotas[defaultOf(field)]])) as DefaultQuotas;

/**
 * The quotas that bind `adminId`: its group's (null = unlimited), or else the defaults, unless it
 * is an enabled super admin (the operator, who creates shops and uploads for everyone). With no
 * defaults given, an account outside every group is unlimited.
 */
const bindingQuotas = async (
  db: Db, adminId: number, defaults: DefaultQuotas | undefined, lock = false,
): Promise<Pick<Quotas, QuotaColumn> | null> => {
  const quotas = await quotasOf(db, adminId, lock);
  if (quotas || !defaults) return quotas;
  return (await enabledSuperAdminIds(db)).includes(adminId) ? null : defaults;
};

/**
 * The quotas of the admin's group, or null when the admin is in no group (no limits). With
 * `lock` (inside a write transaction on PostgreSQL) the membership row is locked, so two
 * creates by one admin count one after the other and cannot both slip under the quota.
 */
const quotasOf = async (db: Db, adminId: number, lock = false): Promise<Quotas | null> => {
  let query = db.selectFrom('ums_user_group_member as m')
    .innerJoin('ums_user_group as g', 'g.id', 'm.group_id')
    .select(['m.group_id', ...GROUP_QUOTA_SELECTION])
    .where('m.admin_id', '=', adminId);
  // SQLite has no FOR UPDATE; its write transactions are serialised already.
  if (lock && dialectOf(db) === 'postgres') query = query.forUpdate('m');
  const row = await query.executeTakeFirst();
  return row ?? null;
};

/**
 * Refuses a create of `target` that would take a guarded usage past its quota. `amount` is what
 * the create adds (1 row, or the upload's size in MB). Runs inside the create's transaction.
 */
export const guardCreate = async (
  trx: Db, areas: readonly QuotaMeter[], target: string, callerId: number | null,
  values: Record<string, unknown> = {}, amount = 1, defaults?: DefaultQuotas,
): Promise<void> => {
  for (const area of areas.filter((a) => a.guards.includes(target))) {
    const subject = area.subjectOf ? await area.subjectOf(trx, values, callerId) : callerId;
    if (subject === null) continue;
    const quotas = await bindingQuotas(trx, subject, defaults, true);
    const quota = quotas?.[quotaColumnOf(area.quota)];
    if (quota === null || quota === undefined) continue;
    const usage = await area.count(trx, subject);
    if (usage + amount > quota) throw quotaExceeded(area.key, quota);
  }
};

/** The wire shape of one quota of a member (src/schema/ums/entities.ts, shared with the capacity screen). */
export type { CapacityItem };

const round = (value: number, places: number): number => Math.round(value * 10 ** places) / 10 ** places;

/** One admin's usage of every registered area against the group's quotas. */
export const capacityItems = async (db: Db, areas: readonly QuotaMeter[], adminId: number, quotas: Quotas): Promise<CapacityItem[]> => {
  const items: CapacityItem[] = [];
  for (const area of areas) {
    const usage = round(await area.count(db, adminId), 2);
    const quota = quotas[quotaColumnOf(area.quota)];
    // A quota of 0 allows nothing: it is reached already, so it reads as 100 %.
    const percent = quota === null ? null : quota === 0 ? 100 : round((usage * 100) / quota, 1);
    items.push({
      key: area.key, unit: area.unit, usage, quota, percent,
      warn: percent !== null && percent >= quotas.warn_percent,
      over: quota !== null && usage >= quota,
    });
  }
  return items;
};

/** The engine's `beforeCreate` (server/crud/repository.ts): guards every create an area registered. */
export const capacityGuard = (areas: readonly QuotaMeter[], defaults?: DefaultQuotas) =>
  (trx: Db, entity: { name: string }, values: Record<string, unknown>, actor: { adminId: number | null }): Promise<void> =>
    guardCreate(trx, areas, entity.name, actor.adminId, values, 1, defaults);
