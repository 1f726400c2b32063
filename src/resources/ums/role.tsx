/**
 * Roles (`/ums/role`): the engine's list (status switch through `/role/updateStatus/{id}`, dialog
 * editing) plus row links to the menu and resource allocation screens, shown only to users who
 * may open them and save there.
 */
import AccountTree from '@mui/icons-material/AccountTree';
import Key from '@mui/icons-material/Key';
import type { ReactNode } from 'react';
import { useCanAccess, useRecordContext } from 'react-admin';
import type { Entity } from '../../schema/engine/entity';
import { role } from '../../schema/ums/entities';
import { actionOperation } from '../../schema/access';
import { LinkButton } from '../../engine/LinkButton';
import { RowDeleteButton } from '../../engine/RowDeleteButton';
import { routePath, withQuery } from '../../engine/routing';
import type { ScreenOptionsOf } from '../../engine/screenOptions';
import type { RouteName } from '../../schema/routes';

/** A link to an allocation screen when the user has both its route (menus) and its save action. */
const AllocLink = ({ route, action, label, icon }: { readonly route: RouteName; readonly action: string; readonly label: string; readonly icon: ReactNode }) => {
  const record = useRecordContext();
  const { canAccess: canOpen } = useCanAccess({ resource: route, action: 'list' });
  const { canAccess: canSave } = useCanAccess({ resource: role.name, action: actionOperation(action) });
  if (!record || !canOpen || !canSave) return null;
  return (
    <LinkButton label={label} to={withQuery(routePath(route), { roleId: record.id, name: String(record.name ?? '') })}>
      {icon}
    </LinkButton>
  );
};

const RoleRowActions = ({ entity }: { readonly entity: Entity }) => (
  <>
    <AllocLink route="allocMenu" action="allocMenu" label="entity.ums.alloc_menu" icon={<AccountTree />} />
    <AllocLink route="allocResource" action="allocResource" label="entity.ums.alloc_resource" icon={<Key />} />
    <RowDeleteButton entity={entity} />
  </>
);

export const roleScreen: ScreenOptionsOf<typeof role> = { rowActions: RoleRowActions };
