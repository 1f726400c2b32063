/**
 * The audit trail: one sys_audit_log row per change, written with the transaction that makes the
 * change (so a rolled-back change leaves no row, and a committed one always has its row).
 * Secrets are removed from the before/after snapshots here, once, for every caller.
 */
import type { Kysely, Transaction } from 'kysely';
import type { AuditAction } from '../../src/schema/engine/audit';
import type { Database } from './schema';
import { toDbTime } from './time';

export type AuditEntry = {
  /** Who did it; null for the system (seed) or an anonymous action. */
  adminId: number | null;
  /**
   * Verb, e.g. `create`, `update_password`, `set_showStatus`, a declared action's: only those
   * src/schema/engine/audit.ts lists, so each has a name in the audit log in both languages.
   */
  action: AuditAction;
  /** Table or area, e.g. `ums_admin`. */
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
};

const SECRET_KEY = /pass(word)?|secret|token|hash|salt|api[-_]?key|credential/i;

/**
 * A deep copy with every secret-looking key replaced by "[removed]". A true/false value stays: it
 * holds no secret (a secret field's `<field>Set`, such as a shop's `paypalSecretKeySet`).
 */
export const withoutSecrets = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) && typeof v !== 'boolean' ? '[removed]' : withoutSecrets(v)]));
  }
  return value;
};

const snapshot = (value: unknown): string | null =>
  value === undefined || value === null ? null : JSON.stringify(withoutSecrets(value));

const auditRow = (entry: AuditEntry) => ({
  admin_id: entry.adminId,
  action: entry.action,
  entity: entry.entity,
  entity_id: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
  before_json: snapshot(entry.before),
  after_json: snapshot(entry.after),
  ip: entry.ip ?? null,
  create_time: toDbTime(),
});

export const audit = async (trx: Transaction<Database> | Kysely<Database>, entry: AuditEntry): Promise<void> => {
  await trx.insertInto('sys_audit_log').values(auditRow(entry)).execute();
};

/** Several audit rows in one statement per 100 (a batch of 500 shipped orders is 5 round trips, not 500). */
export const auditAll = async (trx: Transaction<Database> | Kysely<Database>, entries: readonly AuditEntry[]): Promise<void> => {
  for (let i = 0; i < entries.length; i += 100) {
    await trx.insertInto('sys_audit_log').values(entries.slice(i, i + 100).map(auditRow)).execute();
  }
};
