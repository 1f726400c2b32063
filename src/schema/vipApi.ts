/**
 * The hand-written VIP route's path (server/areas/vip/routes.ts), in a module of its own so the route
 * table can name it without loading the declarations. Applying is the pay record's create
 * (`createPath` in ./vip.ts).
 */
export const VIP_API = { plans: '/vip/plans' } as const;
