/**
 * Recognising database errors the same way on both drivers. The engine checks input before it
 * writes, so these are the last line: a constraint the checks missed (a race, a rule only the
 * schema knows) is still the client's problem, answered as a field error, never as a bare 500.
 */

/** A UNIQUE constraint refused the write (SQLite SQLITE_CONSTRAINT_UNIQUE / PRIMARYKEY, PostgreSQL 23505). */
export const isUniqueViolation = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
};

export type ViolationKind = 'unique' | 'notNull' | 'check' | 'foreignKey' | 'badValue';

/**
 * What a refused write broke: the kind, and the columns involved when the driver names them
 * (a composite unique index lists the tenant column first, then the unique one).
 */
export type ConstraintViolation = { kind: ViolationKind; columns: string[] };

const PG_KINDS: Record<string, ViolationKind> = {
  23505: 'unique', 23502: 'notNull', 23514: 'check', 23503: 'foreignKey',
};

const SQLITE_KINDS: Record<string, ViolationKind> = {
  SQLITE_CONSTRAINT_UNIQUE: 'unique', SQLITE_CONSTRAINT_PRIMARYKEY: 'unique', SQLITE_CONSTRAINT_NOTNULL: 'notNull',
  SQLITE_CONSTRAINT_CHECK: 'check', SQLITE_CONSTRAINT_FOREIGNKEY: 'foreignKey',
};

/** PostgreSQL `Key (shop_id, code)=(1, X) already exists.` → ['shop_id', 'code']. */
const pgDetailColumns = (detail: unknown): string[] => {
  const match = typeof detail === 'string' ? /^Key \(([^)]*)\)=/.exec(detail) : null;
  return match ? match[1]!.split(',').map((c) => c.trim().replace(/^"|"$/g, '')) : [];
};

/** PostgreSQL names a column check `<table>_<column>_check`. */
const pgCheckColumn = (constraint: unknown, table: unknown): string[] => {
  if (typeof constraint !== 'string' || typeof table !== 'string') return [];
  const match = new RegExp(`^${table}_(\\w+)_check$`).exec(constraint);
  return match ? [match[1]!] : [];
};

/** SQLite `UNIQUE constraint failed: mold.shop_id, mold.code` → ['shop_id', 'code']. */
const sqliteMessageColumns = (message: string): string[] => {
  const match = /constraint failed: (.+)$/.exec(message);
  if (!match) return [];
  return match[1]!.split(',').map((part) => part.trim()).filter((part) => /^\w+\.\w+$/.test(part)).map((part) => part.split('.')[1]!);
};

/** The constraint (or, on PostgreSQL, the value check of class 22) a write broke; null for anything else. */
export const constraintViolation = (error: unknown): ConstraintViolation | null => {
  if (error === null || typeof error !== 'object') return null;
  const { code, detail, column, constraint, table, message } = error as Record<string, unknown>;
  if (typeof code !== 'string') return null;
  const pgKind = PG_KINDS[code];
  if (pgKind) {
    const columns = pgKind === 'notNull' ? (typeof column === 'string' ? [column] : [])
      : pgKind === 'check' ? pgCheckColumn(constraint, table) : pgDetailColumns(detail);
    return { kind: pgKind, columns };
  }
  // Class 22 "data exception": a value the column cannot hold (too long, out of range, NUL, bad date).
  if (/^22[0-9A-Z]{3}$/.test(code)) return { kind: 'badValue', columns: typeof column === 'string' ? [column] : [] };
  const sqliteKind = SQLITE_KINDS[code];
  if (sqliteKind) return { kind: sqliteKind, columns: sqliteMessageColumns(typeof message === 'string' ? message : '') };
  return null;
};
