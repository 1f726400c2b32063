/**
 * Shop rules the declaration cannot state: a shop belongs to whoever opens it (owner_id is
 * server-managed, so a seller cannot open a shop in someone else's name), and deleting a shop
 * deletes its molds (foreign key cascade) with an audit row for each, so no change goes unrecorded.
 */
import { audit } from '../../db/audit';
import type { EntityHooks } from '../../crud/hooks';
import type { ApiRecord } from '../../crud/row';
import { fromRow } from '../../crud/row';
import { mold } from '../../../src/schema/shop';
import type { Entity } from '../../../src/schema/entity';

export const shopHooks: EntityHooks = {
  beforeWrite: ({ before, actor }, row) => (before ? row : { ...row, owner_id: actor.adminId }),
  beforeDelete: async (trx, _entity, records, actor) => {
    const shopIds = records.map((r) => r.id);
    const molds = await trx.selectFrom('mold').selectAll().where('shop_id', 'in', shopIds).orderBy('id').execute();
    for (const row of molds) {
      const before: ApiRecord = fromRow(mold as unknown as Entity, row);
      await audit(trx as never, { adminId: actor.adminId, action: 'delete', entity: mold.table, entityId: before.id, before, ip: actor.ip });
    }
  },
};
