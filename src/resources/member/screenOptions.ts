import type { ScreenOptionsByEntity } from '../../engine/area';
import { MergeMembersButton } from './MergeMembers';

export const screenOptions: ScreenOptionsByEntity = {
  member: { bulkActions: MergeMembersButton, hiddenColumns: ['realName', 'companyName', 'country'] },
};
