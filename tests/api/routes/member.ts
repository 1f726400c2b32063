/** Members: sellers' own shops' members (the list at mall's /admin/listMember, the rest under /member/**); member levels are looked up by sellers and the price check. */
import { defineRoutes, SELLERS, SUPER } from './access';

export const routes = defineRoutes({
  entities: {
    memberLevel: { all: SUPER, except: { list: ['seller', 'marketing'] } },
    member: { all: SELLERS },
    // Sellers' own shops' points rules and their members' points history.
    pointsRule: { all: SELLERS },
    pointsHistory: { all: SELLERS },
  },
});
