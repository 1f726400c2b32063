/**
 * Route names of the permission screens beyond the entity engine (src/schema/routes.ts declares
 * them). A tiny module: the shell imports it without loading the screens.
 */
export const UMS_ROUTES = {
  allocMenu: 'allocMenu',
  allocResource: 'allocResource',
  userGroup: 'user_group',
  capacity: 'capacity',
} as const;
