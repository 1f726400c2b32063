/**
 * Cashier balances (src/schema/cashier/entities.ts): what binding orders to a balance and taking them back
 * do, the bound and open amounts and related orders on every read, and the rules on changing and
 * deleting a balance.
 */
import { defineArea } from '../area';
import { balanceActions, balanceHooks } from './balances';

export const cashierArea = defineArea({
  name: 'cashier',
  hooks: { balance: balanceHooks },
  actions: () => [balanceActions],
  // Balances per shop: one that paid two orders, one partly bound, one free; after the coupons used on orders.
  demo: { after: ['oms', 'sms'], seed: async ({ db, adminUsername }) => (await import('./demo-balances')).seedDemoBalances(db, adminUsername) },
});
