/**
 * The check state of the menu tree on the allocation screen, as pure functions: leaves hold the
 * state, a parent is checked when all its leaves are, indeterminate when some are, and a save
 * sends the checked leaves with every ancestor of one (a page needs its section row to show).
 */
import type { MenuNode } from '../../schema/ums/entities';

export type CheckState = 'checked' | 'unchecked' | 'indeterminate';

const childrenOf = (node: MenuNode): readonly MenuNode[] => node.children ?? [];

/** The leaf ids under a node (the node itself when it has no children). */
export const leafIds = (node: MenuNode): number[] =>
  childrenOf(node).length === 0 ? [node.id] : childrenOf(node).flatMap(leafIds);

export const allLeafIds = (roots: readonly MenuNode[]): number[] => roots.flatMap(leafIds);

export const checkStateOf = (node: MenuNode, checked: ReadonlySet<number>): CheckState => {
  const leaves = leafIds(node);
  const count = leaves.filter((id) => checked.has(id)).length;
  if (count === 0) return 'unchecked';
  return count === leaves.length ? 'checked' : 'indeterminate';
};

/** Clicking a node: a fully checked node unchecks all its leaves, anything else checks them all. */
export const toggleNode = (node: MenuNode, checked: ReadonlySet<number>): Set<number> => {
  const next = new Set(checked);
  const leaves = leafIds(node);
  if (checkStateOf(node, checked) === 'checked') for (const id of leaves) next.delete(id);
  else for (const id of leaves) next.add(id);
  return next;
};

/** The role's granted menus as checked leaves (a granted parent without granted children stays unchecked). */
export const initialChecked = (roots: readonly MenuNode[], granted: Iterable<number>): Set<number> => {
  const grantedIds = new Set(granted);
  return new Set(allLeafIds(roots).filter((id) => grantedIds.has(id)));
};

/** The ids to save: checked leaves plus each ancestor of a checked leaf, in tree order. */
export const menuIdsToSave = (roots: readonly MenuNode[], checked: ReadonlySet<number>): number[] => {
  const out: number[] = [];
  const visit = (node: MenuNode) => {
    if (checkStateOf(node, checked) === 'unchecked') return;
    out.push(node.id);
    childrenOf(node).forEach(visit);
  };
  roots.forEach(visit);
  return out;
};
