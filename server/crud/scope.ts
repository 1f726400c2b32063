/**
 * Tenant scope: which shops' rows a caller may see and touch. Every query of the generic
 * repository goes through `scoped`, so reads, writes, batches and counts are limited alike.
 */
export type Scope = { readonly kind: 'all' } | { readonly kind: 'shops'; readonly shopIds: readonly number[] };

export const ALL_SHOPS: Scope = { kind: 'all' };

/** Whether a shop id (a tenant value from a body or a row) lies inside the scope. */
export const inScope = (scope: Scope, shopId: unknown): boolean =>
  scope.kind === 'all' || (typeof shopId === 'number' && scope.shopIds.includes(shopId));

/** The scope with one more shop: a seller's newly opened shop is theirs from that moment on. */
export const withShop = (scope: Scope, shopId: number): Scope =>
  scope.kind === 'all' ? scope : { kind: 'shops', shopIds: [...scope.shopIds, shopId] };
