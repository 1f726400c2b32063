/** User groups (`/ums/group`): the engine's list with quotas, and a row link to the group's members. */
import type { userGroup } from '../../schema/ums/entities';
import Groups from '@mui/icons-material/Groups';
import { useCanAccess, useRecordContext } from 'react-admin';
import type { Entity } from '../../schema/engine/entity';
import { LinkButton } from '../../engine/LinkButton';
import { RowDeleteButton } from '../../engine/RowDeleteButton';
import { routePath, withQuery } from '../../engine/routing';
import type { ScreenOptionsOf } from '../../engine/screenOptions';
import type { RouteName } from '../../schema/routes';

/** The members screen of a group (`?groupId=` pins it). */
const MEMBERS: RouteName = 'user_group';

const GroupRowActions = ({ entity }: { readonly entity: Entity }) => {
  const record = useRecordContext();
  const { canAccess } = useCanAccess({ resource: MEMBERS, action: 'list' });
  if (!record) return null;
  return (
    <>
      {canAccess && (
        <LinkButton label="entity.ums.members" to={withQuery(routePath(MEMBERS), { groupId: record.id })}>
          <Groups />
        </LinkButton>
      )}
      <RowDeleteButton entity={entity} />
    </>
  );
};

export const userGroupScreen: ScreenOptionsOf<typeof userGroup> = { rowActions: GroupRowActions };
