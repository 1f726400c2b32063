/** The language of the per-area route tables (./index.ts joins them). */

/** Callers besides the super admin (who may call everything) and anonymous. `seller` means both sellers. */
export type Staff = 'product' | 'order' | 'marketing' | 'seller';
/**
 * `public`: anyone, signed in or not. `session`: anyone signed in (their own session and profile).
 * `anonymousOrSuper`: anyone not signed in (self-registration); signed in, only who may create
 * accounts (here the super admin alone). A list of staff: those callers and the super admin;
 * `[]` is the super admin alone.
 */
export type Access = 'public' | 'session' | 'anonymousOrSuper' | readonly Staff[];

export const SUPER: Access = [];
export const PRODUCTS: Access = ['product'];
export const PRODUCTS_AND_SELLERS: Access = ['product', 'seller'];
export const ORDERS: Access = ['order'];
export const SELLERS: Access = ['seller'];
export const ORDERS_AND_SELLERS: Access = ['order', 'seller'];
export const MARKETING: Access = ['marketing'];
/** Look-ups the marketing pickers make (brands, products, categories) beside their owners'. */
export const PRODUCTS_SELLERS_MARKETING: Access = ['product', 'seller', 'marketing'];

/**
 * An entity's engine routes: the access of all of them, and per-operation exceptions (the operation
 * names of src/schema/engine/endpoints.ts endpointsOf, `action:<name>` for a declared action; a
 * variant's is its kind: alias, nested, view).
 */
export type EntityAccess = { readonly all: Access; readonly except?: Readonly<Record<string, Access>> };

/** A text parameter a hand-written route reads (path parameters are read from the route). */
export type Param = { readonly in: 'body' | 'query'; readonly name: string };

/** A hand-written route: who may call it, the text parameters it reads, and whether it takes no token. */
export type HandRoute = { readonly access: Access; readonly params: readonly Param[]; readonly anonymous?: boolean };

export type AreaRoutes = {
  readonly entities?: Readonly<Record<string, EntityAccess>>;
  readonly sections?: Readonly<Record<string, Access>>;
  readonly routes?: Readonly<Record<string, HandRoute>>;
};

export const defineRoutes = (routes: AreaRoutes): AreaRoutes => routes;

/** Body parameters by name. */
export const body = (...names: string[]): Param[] => names.map((name) => ({ in: 'body', name }));
