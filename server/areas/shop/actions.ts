/** `GET /shop/canOpen`: whether the caller may open a shop now (the add-shop screen asks first). */
import { shop } from '../../../src/schema/shop/entities';
import type { EntityActions } from '../../crud/actions';
import { entityActions } from '../../crud/actions';
import { openCheck } from './vip-gate';

export const shopActions = (): readonly EntityActions[] => [
  entityActions(shop, {
    canOpen: async ({ trx, actor }) => ({ data: await openCheck(trx, actor.scope) }),
  }),
];
