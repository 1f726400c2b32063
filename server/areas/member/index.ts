/** Members of the shops (src/schema/member.ts): approvals and merges. */
import { defineArea } from '../area';
import { memberActions } from './actions';

export const memberArea = defineArea({ name: 'member', actions: memberActions });
