/**
 * Capacity: quota meters, user-group membership and the list of members near or over their
 * quotas (the user groups' declared actions, ./actions.ts).
 */
import { defineArea } from '../area';
import { capacityActions } from './actions';

export const capacityArea = defineArea({
  name: 'capacity',
  actions: ({ meters }) => [capacityActions(meters)],
});
