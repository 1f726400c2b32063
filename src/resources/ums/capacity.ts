/** The capacity table's rules, as pure functions: which quota columns to show, how alarming a row is. */
import type { CapacityRow } from '../../schema/ums/entities';

export type Level = 'ok' | 'warn' | 'over';

/** Quota keys in the order the rows first name them (areas register their quotas on the server). */
export const capacityKeys = (rows: readonly CapacityRow[]): string[] => {
  const keys: string[] = [];
  for (const row of rows) for (const item of row.items) if (!keys.includes(item.key)) keys.push(item.key);
  return keys;
};

/** A row is as alarming as its worst quota: over beats past-the-threshold beats fine. */
export const rowLevel = (row: CapacityRow): Level => {
  if (row.items.some((i) => i.over)) return 'over';
  return row.items.some((i) => i.warn) ? 'warn' : 'ok';
};
