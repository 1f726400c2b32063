/**
 * Cashier balances (src/schema/cashier/entities.ts): what binding orders to a balance and taking them back
 * do, the bound and open amounts and related orders on every read, and the rules on changing and
 * deleting a balance.
 */
import { sql } from 'kysely';
import { defineArea } from '../area';
import { balanceActions, balanceHooks } from './balances';

export const cashierArea = defineArea({
  name: 'cashier',
  hooks: { balance: balanceHooks },
  actions: () => [balanceActions],
  // Balances per shop: one that paid two orders, one partly bound, one free; after the coupons used on orders.
  invariants: [
    {
      rule: 'the bindings of a balance never exceed its amount',
      violations: (db) => db.selectFrom('oms_cashier_balance as b').innerJoin('oms_cashier_balance_order as o', 'o.balance_id', 'b.id')
        .select(['b.id', 'b.amount', sql<number>`sum(o.amount)`.as('bound')]).groupBy(['b.id', 'b.amount'])
        .having(sql<number>`sum(o.amount)`, '>', sql<number>`b.amount`).execute(),
    },
    {
      rule: 'the bindings of an order never exceed what it has to pay',
      violations: (db) => db.selectFrom('oms_order as r').innerJoin('oms_cashier_balance_order as o', 'o.order_id', 'r.id')
        .select(['r.id', 'r.pay_amount', sql<number>`sum(o.amount)`.as('bound')]).groupBy(['r.id', 'r.pay_amount'])
        .having(sql<number>`sum(o.amount)`, '>', sql<number>`r.pay_amount`).execute(),
    },
    {
      rule: 'a binding that paid its order covered it in full',
      violations: (db) => db.selectFrom('oms_order as r').innerJoin('oms_cashier_balance_order as o', 'o.order_id', 'r.id')
        .select(['r.id', 'r.pay_amount', sql<number>`sum(o.amount)`.as('bound')]).groupBy(['r.id', 'r.pay_amount'])
        .having(sql<number>`max(o.paid_order)`, '=', 1).having(sql<number>`sum(o.amount)`, '<', sql<number>`r.pay_amount`).execute(),
    },
  ],
  demo: { after: ['oms', 'sms'], seed: async ({ db, adminUsername }) => (await import('./demo-balances')).seedDemoBalances(db, adminUsername) },
});
