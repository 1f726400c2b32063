/**
 * The price check's route path (server/areas/sms/price.ts), in a module of its own so the route
 * table and the resource list name it without loading the declarations.
 */
export const PRICE_API = { check: '/price/check' } as const;
