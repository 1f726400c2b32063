/**
 * The order list's receiver keyword (`receiverKeyword`: the receiver's name or phone) through a
 * trigram index (issue 27: on 1,000,000 orders the plain `LIKE '%word%'` walked every order, 0.6 s
 * per view after a write). The declaration turns it on (src/schema/oms/entities.ts, `search.index`);
 * server/crud/search-index.ts makes it, filled from the orders already there.
 */
import type { AnyKysely } from '../index';
import { createSearchIndex, dropSearchIndex } from '../../crud/search-index';

export const up = async (db: AnyKysely): Promise<void> => {
  await createSearchIndex(db, 'oms_order', ['receiver_name', 'receiver_phone']);
};

export const down = async (db: AnyKysely): Promise<void> => {
  await dropSearchIndex(db, 'oms_order', ['receiver_name', 'receiver_phone']);
};
