/** Shops: owned by whoever opens them; each spends its owner's shop quota. */
import { defineArea } from '../area';
import { shopHooks } from './hooks';
import { shopsMeter } from './meters';

export const shopArea = defineArea({ name: 'shop', hooks: { shop: shopHooks }, meters: [shopsMeter] });
