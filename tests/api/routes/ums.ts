/** Permissions: the super admin's alone. */
import { defineRoutes, SUPER } from './access';

export const routes = defineRoutes({
  entities: {
    userGroup: { all: SUPER },
    auditLog: { all: SUPER },
    role: { all: SUPER },
    menu: { all: SUPER },
    resourceCategory: { all: SUPER },
    resource: { all: SUPER },
    admin: { all: SUPER },
  },
});
