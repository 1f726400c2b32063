/**
 * `ids=1,2,3` (or repeated `ids=1&ids=2`), as `mall` clients send id lists. MAX_ID is the largest
 * id an id column can hold (int4 on PostgreSQL): a bigger number names no record, and sending it
 * to PostgreSQL would fail the query ("out of range for type integer") with a 500.
 */
import { MAX_ID, MAX_IDS } from '../../src/schema/validation';

export { MAX_ID, MAX_IDS };

/** The ids, or null when any part is not a positive integer or there are more than `max`. Empty → []. */
export const parseIds = (raw: unknown, max = MAX_IDS): number[] | null => {
  const parts = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => String(v ?? '').split(',')).map((s) => s.trim()).filter((s) => s !== '');
  if (parts.length > max) return null;
  const ids: number[] = [];
  for (const part of parts) {
    if (!/^\d{1,10}$/.test(part)) return null;
    const id = Number(part);
    if (id < 1 || id > MAX_ID) return null;
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
};
