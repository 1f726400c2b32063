import type { ScreenOptionsByEntity } from '../../engine/area';
import { MergeMemberRowButton, MergeMembersButton } from './MergeMembers';

export const screenOptions: ScreenOptionsByEntity = {
  // Merge from the bulk bar (two rows ticked) or from a member's own row (the other picked by name).
  member: { bulkActions: MergeMembersButton, rowActions: MergeMemberRowButton, hiddenColumns: ['realName', 'companyName', 'country'] },
};
