/** `ids=1,2,3` (or repeated `ids=1&ids=2`), as `mall` clients send id lists. */
export const MAX_IDS = 1000;

/**
 * The largest id an id column can hold (int4 on PostgreSQL). A bigger number names no record;
 * sending it to PostgreSQL would fail the query ("out of range for type integer") with a 500.
 */
export const MAX_ID = 2_147_483_647;

/** The ids, or null when any part is not a positive integer or there are too many. Empty → []. */
export const parseIds = (raw: unknown): number[] | null => {
  const parts = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => String(v ?? '').split(',')).map((s) => s.trim()).filter((s) => s !== '');
  if (parts.length > MAX_IDS) return null;
  const ids: number[] = [];
  for (const part of parts) {
    if (!/^\d{1,10}$/.test(part)) return null;
    const id = Number(part);
    if (id < 1 || id > MAX_ID) return null;
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
};
