/**
 * Tenant scope: which shops' rows a caller may see and touch. Every query of the generic
 * repository goes through `scoped`, so reads, writes, batches and counts are limited alike.
 */
export type Scope =
  | { readonly kind: 'all' }
  /** `adminId`: the seller itself, for entities owned by an account (`owner`) rather than a shop; none sees no such rows. */
  | { readonly kind: 'shops'; readonly shopIds: readonly number[]; readonly adminId?: number };

export const ALL_SHOPS: Scope = { kind: 'all' };

/** Whether a shop id (a tenant value from a body or a row) lies inside the scope. */
export const inScope = (scope: Scope, shopId: unknown): boolean =>
  scope.kind === 'all' || (typeof shopId === 'number' && scope.shopIds.includes(shopId));

/** The scope with one more shop: a seller's newly opened shop is theirs from that moment on. */
export const withShop = (scope: Scope, shopId: number): Scope =>
  scope.kind === 'all' ? scope : { ...scope, shopIds: [...scope.shopIds, shopId] };
