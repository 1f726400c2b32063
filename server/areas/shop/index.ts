/** Shops: owned by whoever opens them (sellers need a paid VIP); each spends its owner's shop quota. */
import { defineArea } from '../area';
import { shopActions } from './actions';
import { shopHooks } from './hooks';
import { shopsMeter } from './meters';

export const shopArea = defineArea({
  name: 'shop', hooks: { shop: shopHooks }, actions: shopActions, meters: [shopsMeter],
  // Online PayPal of a demo shop: its secret key is encrypted by the shop repository.
  demo: { seed: async ({ db, repositoryOf }) => (await import('./demo-shop-paypal')).seedDemoShopPaypal(db, repositoryOf) },
});
