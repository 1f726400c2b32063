/** User groups (`/ums/group`): the engine's list with quotas, and a row link to the group's members. */
import type { userGroup } from '../../schema/ums/entities';
import Groups from '@mui/icons-material/Groups';
import { useCanAccess, useRecordContext } from 'react-admin';
import type { Entity } from '../../schema/engine/entity';
import { LinkButton } from '../../engine/LinkButton';
import { RowDeleteButton } from '../../engine/RowDeleteButton';
import { routePath, withQuery } from '../../engine/routing';
import type { ScreenOptionsOf } from '../../engine/screenOptions';
import { UMS_ROUTES } from './routes';

const GroupRowActions = ({ entity }: { readonly entity: Entity }) => {
  const record = useRecordContext();
  const { canAccess } = useCanAccess({ resource: UMS_ROUTES.userGroup, action: 'list' });
  if (!record) return null;
  return (
    <>
      {canAccess && (
        <LinkButton label="entity.ums.members" to={withQuery(routePath(UMS_ROUTES.userGroup), { groupId: record.id })}>
          <Groups />
        </LinkButton>
      )}
      <RowDeleteButton entity={entity} />
    </>
  );
};

export const userGroupScreen: ScreenOptionsOf<typeof userGroup> = { rowActions: GroupRowActions };
