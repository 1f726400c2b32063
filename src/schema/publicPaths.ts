/**
 * The admin's paths outside the menus: light on purpose, as the login page's entry reads them and
 * must not load the route table (every area's declarations). ./routes.ts re-exports them.
 */

/** Route names of the fixed part of the admin (always present, not driven by menus). */
export const FIXED_ROUTES = ['home'] as const;

/** Pages an anonymous visitor may open; any other path sends them to `/login`. */
export const ANONYMOUS_PATHS = ['/login', '/register', '/privacy', '/term', '/homer'] as const;

/** Public pages: rendered without the layout (no admin shell); `/404` only for a signed-in user. */
export const PUBLIC_PATHS = [...ANONYMOUS_PATHS, '/404'] as const;
