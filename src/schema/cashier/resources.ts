/**
 * The Cashier area's permission resources (API path patterns, as `ums_resource.url`), with their
 * names in English and Chinese: ../resources.ts places them in their category.
 */
import type { ResourceDecl } from '../resources';

export const CASHIER_RESOURCES: readonly ResourceDecl[] = [
  // Each shop's money received and the orders bound to it: sellers reconcile their own shops'.
  { name: 'Cashier balances', zh: '收银余额', url: '/balance/**', seller: true },
];
