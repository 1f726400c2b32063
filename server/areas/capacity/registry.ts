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
import { dialectOf } from '../../db/index';
import type { Database } from '../../db/schema';
import type { SnakeCase } from '../../db/declared';
import { columnOf } from '../../../src/schema/engine/entity';
import { userGroup } from '../../../src/schema/ums/entities';
import type { QuotaMeter as EngineQuotaMeter } from '../../crud/quotas';
import { httpError } from '../../http/errors';
import type { HttpError } from '../../http/errors';

/**
 * The quotas a user group holds: its declaration's `quota…` fields (null = unlimited), each
 * owned by one meter (QuotaMeter `quota`, server/crud/quotas.ts), stored in its column.
 */
export type QuotaField = Extract<keyof typeof userGroup.fields, `quota${string}`>;
export type QuotaColumn = SnakeCase<QuotaField>;
export type QuotaMeter = EngineQuotaMeter<QuotaField>;

export const QUOTA_FIELDS = Object.keys(userGroup.fields).filter((name): name is QuotaField => name.startsWith('quota'));
/** The column of a quota field (`quotaStorageMb` → `quota_storage_mb`). */
export const quotaColumnOf = (field: QuotaField): QuotaColumn => columnOf(field, userGroup.fields[field]) as QuotaColumn;
/** The group's quota columns and its warning threshold, as a query of `ums_user_group as g` selects them. */
export const GROUP_QUOTA_SELECTION = [...QUOTA_FIELDS.map((field) => `g.${quotaColumnOf(field)}` as const), 'g.warn_percent' as const];

/** Guarded creates that are not an entity: the upload route. */
export const UPLOAD_TARGET = 'upload';

export const quotaExceeded = (what: string, quota: number): HttpError =>
  httpError({ status: 409, code: ResultCode.failed, messageKey: 'quota_exceeded', params: { what, quota } });

type Quotas = Pick<Database['ums_user_group'], QuotaColumn | 'warn_percent'> & { group_id: number };

/** The quotas of an account outside every user group (DEFAULT_QUOTA_* settings). */
export type DefaultQuotas = Record<QuotaColumn, number>;

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
export const bindingQuotas = async (
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
export const quotasOf = async (db: Db, adminId: number, lock = false): Promise<Quotas | null> => {
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
