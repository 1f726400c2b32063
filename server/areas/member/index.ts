/** Members of the shops (src/schema/member/entities.ts): approvals, merges, and the status a new member starts in. */
import { sql } from 'kysely';
import { defineArea } from '../area';
import { memberActions } from './actions';
import { memberHooks } from './hooks';
import * as pointsRuleKey from './migration-points-rule-key';

export const memberArea = defineArea({
  name: 'member', hooks: { member: memberHooks }, actions: memberActions,
  migrations: { '521_member_points_rule_key': pointsRuleKey },
  // Each demo shop's buyers, linked to their orders, with duplicates to merge; its points rule and their points.
  demo: {
    after: ['oms'],
    seed: async ({ db, adminUsername }) => {
      await (await import('./demo-members')).seedDemoMembers(db);
      await (await import('./demo-points')).seedDemoPoints(db, adminUsername);
    },
  },
  invariants: [
    {
      // What the shop front keeps (server/areas/portal/orders/points.ts) and a merge carries over (./actions.ts).
      rule: "a member's points balance equals the sum of its points history",
      violations: (db) => db.selectFrom('ums_member as m')
        .select(['m.id', 'm.integration', sql<number>`coalesce((select sum(case when h.change_type = 0 then h.change_count else -h.change_count end)
          from ums_integration_change_history h where h.member_id = m.id), 0)`.as('history')])
        .where(sql<boolean>`m.integration <> coalesce((select sum(case when h.change_type = 0 then h.change_count else -h.change_count end)
          from ums_integration_change_history h where h.member_id = m.id), 0)`).execute(),
    },
  ],
});
