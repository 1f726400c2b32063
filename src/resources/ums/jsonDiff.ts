/**
 * Before/after of an audit entry, as pure functions: the stored JSON texts parsed leniently
 * (a text that is not JSON is shown as it is), and the top-level keys whose values differ.
 */
type Parsed = { readonly value: unknown; readonly ok: boolean };

export const parseJson = (text: unknown): Parsed => {
  if (text === null || text === undefined || text === '') return { value: null, ok: true };
  if (typeof text !== 'string') return { value: text, ok: true };
  try {
    return { value: JSON.parse(text) as unknown, ok: true };
  } catch {
    return { value: text, ok: false };
  }
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keys present on either side whose values are not the same JSON. */
export const changedKeys = (before: unknown, after: unknown): Set<string> => {
  if (!isObject(before) || !isObject(after)) return new Set();
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return new Set([...keys].filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k])));
};

/** One line per top-level key (`"key": value`), or the pretty text of a non-object value. */
export const jsonLines = (value: unknown): { key: string | null; text: string }[] => {
  if (value === null || value === undefined) return [];
  if (!isObject(value)) return [{ key: null, text: typeof value === 'string' ? value : JSON.stringify(value, null, 2) }];
  return Object.entries(value).map(([key, v]) => ({ key, text: `"${key}": ${JSON.stringify(v)}` }));
};
