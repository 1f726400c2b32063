/**
 * Trees of records (an entity's `tree` declaration, src/schema/engine/entity.ts TreeDecl), once for
 * every entity that declares one: the level follows the parent, the tree stays a tree, a move
 * keeps the subtree within the declared depth and carries the new levels down, and a record with
 * children stays. Runs inside the write's transaction, after the area's own hooks.
 */
import type { MessageKey } from '../../src/schema/api';
import { fieldError } from '../../src/schema/api';
import type { Entity, TreeDecl } from '../../src/schema/engine/entity';
import { columnOf } from '../../src/schema/engine/entity';
import { deleteRefused, validationFailed } from '../http/errors';
import type { AnyDb } from './hooks';
import { MAX_ID } from './ids';
import type { ApiRecord, Row } from './row';

/** Far deeper than any real tree: a loop in stored data (written before these checks) ends here. */
const MAX_DEPTH = 100;

type Columns = { readonly parent: string; readonly level: string; readonly root: number };

const columnsOf = (entity: Entity, tree: TreeDecl): Columns => ({
  parent: columnOf(tree.parent, entity.fields[tree.parent]!),
  level: columnOf(tree.level, entity.fields[tree.level]!),
  root: tree.root ?? 0,
});

const refuse = (field: string, messageKey: MessageKey = 'invalid_reference') =>
  validationFailed([fieldError(field, messageKey)]);

const childrenOf = async (db: AnyDb, entity: Entity, columns: Columns, ids: readonly number[]): Promise<{ id: number; level: number }[]> => {
  if (!ids.length) return [];
  const rows = await db.selectFrom(entity.table).select(['id', `${columns.level} as level`]).where(columns.parent, 'in', ids).execute();
  return rows.map((r: { id: unknown; level: unknown }) => ({ id: Number(r.id), level: Number(r.level) }));
};

/** How many levels lie below a record (0: a leaf). */
const heightBelow = async (db: AnyDb, entity: Entity, columns: Columns, id: number): Promise<number> => {
  let height = 0;
  for (let layer = [id]; height < MAX_DEPTH; height += 1) {
    layer = (await childrenOf(db, entity, columns, layer)).map((c) => c.id);
    if (!layer.length) return height;
  }
  return height;
};

export type TreeRules = {
  /** The parent and level columns of the row about to be written. */
  readonly beforeWrite: (trx: AnyDb, input: Record<string, unknown>, before: ApiRecord | null, row: Row) => Promise<Row>;
  /** Carries a moved record's new level down to its descendants. */
  readonly afterWrite: (trx: AnyDb, before: ApiRecord | null, record: ApiRecord) => Promise<void>;
  /** Refuses to delete records that have children. */
  readonly beforeDelete: (trx: AnyDb, records: readonly ApiRecord[]) => Promise<void>;
};

export const treeRules = (entity: Entity): TreeRules | null => {
  const tree = entity.tree;
  if (!tree) return null;
  const columns = columnsOf(entity, tree);

  const beforeWrite: TreeRules['beforeWrite'] = async (trx, input, before, row) => {
    if (before && !(tree.parent in input)) return row;
    const parentId = Number(input[tree.parent] ?? columns.root);
    if (parentId === columns.root) return { ...row, [columns.parent]: columns.root, [columns.level]: 0 };
    if (parentId > MAX_ID) throw refuse(tree.parent);
    // Walk up from the new parent: a missing ancestor, or the record itself on the way, is refused.
    let parentLevel: number | null = null;
    for (let cursor = parentId, depth = 0; cursor !== columns.root; depth += 1) {
      if ((before && cursor === before.id) || depth > MAX_DEPTH) throw refuse(tree.parent);
      const node = await trx.selectFrom(entity.table).select([`${columns.parent} as parent`, `${columns.level} as level`])
        .where('id', '=', cursor).executeTakeFirst() as { parent: unknown; level: unknown } | undefined;
      if (!node) throw refuse(tree.parent);
      parentLevel ??= Number(node.level);
      cursor = Number(node.parent);
    }
    const level = (parentLevel ?? 0) + 1;
    if (tree.levels !== undefined) {
      if (level >= tree.levels) throw refuse(tree.parent);
      // Moving a record with children must keep its deepest descendant within the levels too.
      if (before && level + await heightBelow(trx, entity, columns, before.id) >= tree.levels) throw refuse(tree.parent, 'validation_failed');
    }
    return { ...row, [columns.parent]: parentId, [columns.level]: level };
  };

  const afterWrite: TreeRules['afterWrite'] = async (trx, before, record) => {
    if (!before || before[tree.level] === record[tree.level]) return;
    let layer = [record.id];
    for (let level = Number(record[tree.level]) + 1, depth = 0; layer.length && depth < MAX_DEPTH; level += 1, depth += 1) {
      const children = await childrenOf(trx, entity, columns, layer);
      const stale = children.filter((c) => c.level !== level).map((c) => c.id);
      if (stale.length) await trx.updateTable(entity.table).set({ [columns.level]: level }).where('id', 'in', stale).execute();
      layer = children.map((c) => c.id);
    }
  };

  const beforeDelete: TreeRules['beforeDelete'] = async (trx, records) => {
    const child = await trx.selectFrom(entity.table).select('id').where(columns.parent, 'in', records.map((r) => r.id)).limit(1).executeTakeFirst();
    if (child) throw deleteRefused(tree.hasChildren as MessageKey);
  };

  return { beforeWrite, afterWrite, beforeDelete };
};
