/**
 * Tables several owners contribute to, joined into one: a key two owners give stops the start,
 * since the second would silently hide the first (the areas' entities, texts and migrations, the
 * tests' per-area route tables).
 */
export const joinDistinct = <V>(parts: readonly (readonly [owner: string, table: Readonly<Record<string, V>>])[], what: string): Record<string, V> => {
  const joined: Record<string, V> = {};
  const ownerOf = new Map<string, string>();
  for (const [owner, table] of parts) {
    for (const [key, value] of Object.entries(table)) {
      const first = ownerOf.get(key);
      if (first !== undefined) throw new Error(`${what} ${key} is given by ${first} and by ${owner}`);
      ownerOf.set(key, owner);
      joined[key] = value;
    }
  }
  return joined;
};
