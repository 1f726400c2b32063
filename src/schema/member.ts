/** Members area: member levels (used by member prices on products). */
import { defineEntity, flag, int, money, name, text } from './entity';

export const memberLevel = defineEntity({
  name: 'memberLevel', path: '/memberLevel', table: 'ums_member_level', tenant: null, display: 'name',
  menu: { section: 'member', route: 'memberLevel' },
  // The product form of mall's admin reads `GET /memberLevel/list?defaultStatus=0` as a plain array.
  lookupBy: 'defaultStatus',
  fields: {
    name: name({ list: true }),
    growthPoint: int({ default: 0, min: 0, list: true, sortable: true }),
    defaultStatus: flag({ default: 0, list: true, filter: { param: 'defaultStatus', op: 'eq' } }),
    freeFreightPoint: money({ default: 0, list: true }),
    commentGrowthPoint: int({ default: 0, min: 0 }),
    priviledgeFreeFreight: flag({ default: 0 }),
    priviledgeSignIn: flag({ default: 0 }),
    priviledgeComment: flag({ default: 0 }),
    priviledgePromotion: flag({ default: 0 }),
    priviledgeMemberPrice: flag({ default: 0 }),
    priviledgeBirthday: flag({ default: 0 }),
    note: text({ length: [0, 200] }),
  },
});
