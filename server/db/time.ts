/**
 * The one place timestamps are converted. Storage is ISO-8601 UTC text with milliseconds on
 * both dialects (`2024-05-01T16:00:00.000Z`): it reads the same from SQLite and PostgreSQL
 * (no driver Date/string/time-zone differences), it sorts and compares correctly as text
 * because the format has a fixed width, and it is what the API sends out.
 */
import type { Timestamp } from './schema';

/** A Date (default: now) in storage form. */
export const toDbTime = (date: Date = new Date()): Timestamp => date.toISOString();

/** `seconds` from now (or from `from`) in storage form. */
export const dbTimeIn = (seconds: number, from: Date = new Date()): Timestamp =>
  new Date(from.getTime() + seconds * 1000).toISOString();

/**
 * A stored timestamp as the API shows it. Normalises anything Date can parse, so rows written
 * by other tools (e.g. an import that used `2024-05-01 16:00:00+00`) still come out in one form.
 */
export const toApiTime = (value: string | Date | null | undefined): string | null => {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};

/** Milliseconds since the epoch of a stored timestamp. */
export const dbTimeMs = (value: Timestamp): number => new Date(value).getTime();

const wallClockFormat = new Intl.DateTimeFormat('en-CA', {
  hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
});

/** The server's wall clock (its `TZ`) at an instant: `YYYY-MM-DD` and `HH:mm:ss`. */
export const wallClockAt = (ms: number): { date: string; time: string } => {
  const parts = Object.fromEntries(wallClockFormat.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}:${parts.second}` };
};
