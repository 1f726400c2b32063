/**
 * Tenant scope: which shops' rows a caller may see and touch. Every query of the generic
 * repository goes through `scoped`, so reads, writes, batches and counts are limited alike.
 */
export type Scope = { readonly kind: 'all' } | { readonly kind: 'shops'; readonly shopIds: readonly number[] };

export const ALL_SHOPS: Scope = { kind: 'all' };
