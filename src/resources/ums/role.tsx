/**
 * Roles (`/ums/role`): the engine's list (status switch through `/role/updateStatus/{id}`, dialog
 * editing) plus row links to the menu and resource allocation screens, shown only to users who
 * may open them and save there.
 */
import AccountTree from '@mui/icons-material/AccountTree';
import Key from '@mui/icons-material/Key';
import type { ReactNode } from 'react';
import { useCanAccess, useRecordContext } from 'react-admin';
import type { Entity } from '../../schema/entity';
import { UMS_API } from '../../schema/umsAdmin';
import { API_RESOURCE } from '../../schema/access';
import { LinkButton } from '../../engine/LinkButton';
import { RowDeleteButton } from '../../engine/RowDeleteButton';
import { routePath, withQuery } from '../../engine/routing';
import type { EntityScreenOptions } from '../../engine/screenOptions';
import { UMS_ROUTES } from './routes';

/** A link to an allocation screen when the user has both its route (menus) and its save endpoint. */
const AllocLink = ({ route, apiPath, label, icon }: { readonly route: string; readonly apiPath: string; readonly label: string; readonly icon: ReactNode }) => {
  const record = useRecordContext();
  const { canAccess: canOpen } = useCanAccess({ resource: route, action: 'list' });
  const { canAccess: canSave } = useCanAccess({ resource: API_RESOURCE, action: apiPath });
  if (!record || !canOpen || !canSave) return null;
  return (
    <LinkButton label={label} to={withQuery(routePath(route), { roleId: record.id, name: String(record.name ?? '') })}>
      {icon}
    </LinkButton>
  );
};

const RoleRowActions = ({ entity }: { readonly entity: Entity }) => (
  <>
    <AllocLink route={UMS_ROUTES.allocMenu} apiPath={UMS_API.roleAllocMenu} label="entity.ums.alloc_menu" icon={<AccountTree />} />
    <AllocLink route={UMS_ROUTES.allocResource} apiPath={UMS_API.roleAllocResource} label="entity.ums.alloc_resource" icon={<Key />} />
    <RowDeleteButton entity={entity} />
  </>
);

export const roleScreen: EntityScreenOptions = { rowActions: RoleRowActions };
