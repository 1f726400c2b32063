/**
 * Resources (`/ums/resource`, filters by category, name and URL; dialog editing) and their
 * categories (`/ums/resourceCategory`, a hidden page reached from here), linked both ways.
 */
import Category from '@mui/icons-material/Category';
import Key from '@mui/icons-material/Key';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useCanAccess } from 'react-admin';
import type { Entity } from '../../schema/engine/entity';
import { resource, resourceCategory } from '../../schema/ums/entities';
import { LinkButton } from '../../engine/LinkButton';
import { RowDeleteButton } from '../../engine/RowDeleteButton';
import { routePath } from '../../engine/routing';
import type { ScreenOptionsOf } from '../../engine/screenOptions';

const LinkTo = ({ route, label, icon }: { readonly route: string; readonly label: string; readonly icon: ReactNode }) => {
  const { canAccess } = useCanAccess({ resource: route, action: 'list' });
  if (!canAccess) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <LinkButton label={label} to={routePath(route)}>{icon}</LinkButton>
    </Box>
  );
};

const ToCategories = () => <LinkTo route={resourceCategory.menu.route} label="entity.ums.resource_categories" icon={<Category />} />;
const ToResources = () => <LinkTo route={resource.menu.route} label="entity.ums.back_to_resources" icon={<Key />} />;

const DeleteOnly = ({ entity }: { readonly entity: Entity }) => <RowDeleteButton entity={entity} />;

export const resourceScreen: ScreenOptionsOf<typeof resource> = { listHeader: ToCategories, rowActions: DeleteOnly };
export const resourceCategoryScreen: ScreenOptionsOf<typeof resourceCategory> = { listHeader: ToResources, rowActions: DeleteOnly };
