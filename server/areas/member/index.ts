/** Members of the shops (src/schema/member/entities.ts): approvals, merges, and the status a new member starts in. */
import { defineArea } from '../area';
import { memberActions } from './actions';
import { memberHooks } from './hooks';

export const memberArea = defineArea({
  name: 'member', hooks: { member: memberHooks }, actions: memberActions,
  // Each demo shop's buyers, linked to their orders, with duplicates to merge.
  demo: { after: ['oms'], seed: async ({ db }) => (await import('./demo-members')).seedDemoMembers(db) },
});
