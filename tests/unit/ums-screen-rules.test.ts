// Protects: the pure rules behind the permission and mold screens (menu tree check states and
// what a save sends, resource grouping, capacity levels, mold wear, audit before/after diff).
import { describe, expect, it } from 'vitest';
import { wearOf } from '../../src/resources/mold/wear';
import { capacityKeys, rowLevel } from '../../src/resources/ums/capacity';
import { changedKeys, jsonLines, parseJson } from '../../src/resources/ums/jsonDiff';
import { checkStateOf, initialChecked, menuIdsToSave, toggleNode } from '../../src/resources/ums/menuTree';
import { groupResources } from '../../src/resources/ums/resourceGroups';
import { MOLD_WEAR_WARNING } from '../../src/schema/shop/entities';
import type { CapacityRow, MenuNode } from '../../src/schema/ums/entities';

const node = (id: number, name: string, children: MenuNode[] = [], parentId = 0): MenuNode =>
  ({ id, parentId, title: name, name, level: parentId ? 1 : 0, sort: 0, hidden: 0, icon: '', createTime: null, children });

const tree = [
  node(1, 'pms', [node(2, 'product', [], 1), node(3, 'brand', [], 1)]),
  node(7, 'oms', [node(8, 'order', [], 7)]),
  node(9, 'home'),
];

describe('menu tree', () => {
  it('derives parents from their leaves', () => {
    const checked = new Set([2]);
    expect(checkStateOf(tree[0]!, checked)).toBe('indeterminate');
    expect(checkStateOf(tree[0]!, new Set([2, 3]))).toBe('checked');
    expect(checkStateOf(tree[1]!, checked)).toBe('unchecked');
  });

  it('checks all leaves of a parent, and unchecks them when all were checked', () => {
    expect([...toggleNode(tree[0]!, new Set([2]))].sort()).toEqual([2, 3]);
    expect([...toggleNode(tree[0]!, new Set([2, 3, 8]))]).toEqual([8]);
  });

  it('pre-checks the granted leaves only', () => {
    expect([...initialChecked(tree, [1, 2, 7, 9])].sort()).toEqual([2, 9]);
  });

  it('saves the checked leaves with their ancestors, in tree order', () => {
    expect(menuIdsToSave(tree, new Set([3, 9]))).toEqual([1, 3, 9]);
    expect(menuIdsToSave(tree, new Set())).toEqual([]);
  });
});

describe('resource groups', () => {
  it('groups by category in category order, drops empty categories and gathers orphans last', () => {
    const groups = groupResources(
      [{ id: 4, name: 'Permissions' }, { id: 1, name: 'Products' }, { id: 2, name: 'Orders' }],
      [{ id: 10, categoryId: 1 }, { id: 11, categoryId: 4 }, { id: 12, categoryId: 99 }, { id: 13, categoryId: 1 }],
    );
    expect(groups.map((g) => [g.name, g.resources.map((r) => r.id)])).toEqual([['Permissions', [11]], ['Products', [10, 13]], [null, [12]]]);
  });
});

const item = (key: string, warn: boolean, over: boolean) => ({ key, unit: 'count' as const, usage: 1, quota: 2, percent: 50, warn, over });
const capacityRow = (adminId: number, items: CapacityRow['items']): CapacityRow =>
  ({ adminId, username: `u${adminId}`, nickName: null, groupId: 1, groupName: 'G', warnPercent: 80, items, warn: items.some((i) => i.warn), over: items.some((i) => i.over) });

describe('capacity', () => {
  it('rates a row by its worst quota', () => {
    expect(rowLevel(capacityRow(1, [item('shops', false, false)]))).toBe('ok');
    expect(rowLevel(capacityRow(1, [item('shops', false, false), item('molds', true, false)]))).toBe('warn');
    expect(rowLevel(capacityRow(1, [item('shops', true, true), item('molds', true, false)]))).toBe('over');
  });

  it('lists the quota keys in the order the rows name them', () => {
    expect(capacityKeys([capacityRow(1, [item('shops', false, false)]), capacityRow(2, [item('molds', false, false), item('shops', false, false)])]))
      .toEqual(['shops', 'molds']);
  });
});

describe('mold wear', () => {
  it('turns to a warning from the declared share of the rated life, and to worn out at the end', () => {
    expect(wearOf(100, 1000)?.level).toBe('ok');
    expect(wearOf(MOLD_WEAR_WARNING * 1000, 1000)?.level).toBe('warning');
    expect(wearOf(1000, 1000)?.level).toBe('worn_out');
    expect(wearOf(46_500, 50_000)).toEqual({ ratio: 0.93, percent: 93, level: 'warning' });
    expect(wearOf(5, 0)).toBeNull();
  });
});

describe('audit before/after', () => {
  it('parses JSON leniently and marks the keys that changed', () => {
    const before = parseJson('{"name":"A","sort":1,"gone":true}').value;
    const after = parseJson('{"name":"B","sort":1,"added":2}').value;
    expect([...changedKeys(before, after)].sort()).toEqual(['added', 'gone', 'name']);
    expect(parseJson('not json')).toEqual({ value: 'not json', ok: false });
    expect(parseJson(null)).toEqual({ value: null, ok: true });
    expect(jsonLines({ a: 1 })).toEqual([{ key: 'a', text: '"a": 1' }]);
    expect(jsonLines(null)).toEqual([]);
  });
});
