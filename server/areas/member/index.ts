/** Members of the shops (src/schema/member.ts): approval on joining, approvals and merges. */
import { defineArea } from '../area';
import { memberActions } from './actions';
import { memberHooks } from './hooks';

export const memberArea = defineArea({ name: 'member', hooks: { member: memberHooks }, actions: memberActions });
