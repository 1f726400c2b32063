/** Merging message trees: translations layered over each other, leaf by leaf. */
export type Tree = { [key: string]: unknown };

const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `over` wins leaf by leaf; keys only `base` has stay, so nothing shows as a raw key. */
export const deepMerge = (base: Tree, over: Tree): Tree => {
  const out: Tree = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const previous = out[key];
    out[key] = isTree(previous) && isTree(value) ? deepMerge(previous, value) : value;
  }
  return out;
};

/** The leaves of `tree` whose keys `shape` also has (drops keys an older catalogue still carries). */
export const pickKeys = (tree: Tree, shape: Tree): Tree => {
  const out: Tree = {};
  for (const [key, value] of Object.entries(tree)) {
    const model = shape[key];
    if (model === undefined) continue;
    if (isTree(value) && isTree(model)) out[key] = pickKeys(value, model);
    else if (!isTree(value) && !isTree(model)) out[key] = value;
  }
  return out;
};
