/**
 * `/ums/allocMenu?roleId=&name=`: the whole menu tree (`/menu/treeList`) with a checkbox per
 * menu, parents tri-state, pre-checked from the role's menus (`/role/listMenu/{roleId}`); saving
 * replaces them (`/role/allocMenu`) and returns to the role list.
 */
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Loading, useCanAccess, useNavigate, useNotify, useTranslate } from 'react-admin';
import { PageFrame } from '../../pages/shared/PageFrame';
import { role } from '../../schema/ums';
import type { MenuNode } from '../../schema/umsAdmin';
import { UMS_API } from '../../schema/umsAdmin';
import { API_RESOURCE } from '../entity/access';
import { NotAvailable } from '../entity/NotAvailable';
import { routePath } from '../entity/routing';
import { allLeafIds, checkStateOf, initialChecked, menuIdsToSave, toggleNode } from './menuTree';
import { roleParamsOf } from './roleParams';
import { fetchMenuTree, fetchRoleMenus, saveRoleMenus } from './umsApi';

const INDENT = 4;

const MenuTreeNode = ({ node, checked, onToggle, depth }: {
  readonly node: MenuNode;
  readonly checked: ReadonlySet<number>;
  readonly onToggle: (node: MenuNode) => void;
  readonly depth: number;
}) => {
  const translate = useTranslate();
  const state = checkStateOf(node, checked);
  const children = node.children ?? [];
  return (
    <Box sx={{ pl: depth * INDENT }}>
      <FormControlLabel
        control={<Checkbox checked={state === 'checked'} indeterminate={state === 'indeterminate'} onChange={() => onToggle(node)} />}
        // The admin's own title of the route when it knows one, the server's title otherwise.
        label={translate(`menu.${node.name}`, { _: node.title })}
      />
      {children.map((child) => <MenuTreeNode key={child.id} node={child} checked={checked} onToggle={onToggle} depth={depth + 1} />)}
    </Box>
  );
};

const AllocMenuForm = ({ roleId, roleName }: { readonly roleId: number; readonly roleName: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const tree = useQuery({ queryKey: ['ums.menuTree'], queryFn: fetchMenuTree });
  const granted = useQuery({ queryKey: ['ums.roleMenus', roleId], queryFn: () => fetchRoleMenus(roleId) });
  const { canAccess: canSave } = useCanAccess({ resource: API_RESOURCE, action: UMS_API.roleAllocMenu });
  // Null until the user changes something: the checks then mirror the role's menus.
  const [picked, setPicked] = useState<ReadonlySet<number> | null>(null);
  const roots = tree.data ?? [];
  const checked = picked ?? initialChecked(roots, (granted.data ?? []).map((m) => Number(m.id)));
  const save = useMutation({
    mutationFn: () => saveRoleMenus(roleId, menuIdsToSave(roots, checked)),
    onSuccess: async () => {
      notify('entity.ums.menus_saved', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['ums.roleMenus', roleId] });
      navigate(routePath(role.menu.route));
    },
  });

  if (tree.isPending || granted.isPending) return <Loading />;
  if (tree.isError || granted.isError) return <NotAvailable message="entity.ums.load_failed" />;
  const allChecked = roots.length > 0 && allLeafIds(roots).every((id) => checked.has(id));

  return (
    <>
      <Typography variant="subtitle1" component="p" gutterBottom>{translate('entity.ums.role_heading', { name: roleName })}</Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} role="group" aria-label={translate('entity.ums.menu_tree')}>
        {roots.length === 0
          ? <Typography color="text.secondary">{translate('entity.ums.no_menus')}</Typography>
          : (
            <>
              <FormControlLabel
                control={<Checkbox checked={allChecked} onChange={() => setPicked(allChecked ? new Set() : new Set(allLeafIds(roots)))} />}
                label={translate('entity.ums.select_all')}
              />
              {roots.map((node) => (
                <MenuTreeNode key={node.id} node={node} checked={checked} onToggle={(n) => setPicked(toggleNode(n, checked))} depth={0} />
              ))}
            </>
          )}
      </Paper>
      <Stack direction="row" spacing={1}>
        {canSave && <Button label="entity.action.save" variant="contained" onClick={() => save.mutate()} disabled={save.isPending} />}
        <Button label="entity.action.back" onClick={() => navigate(routePath(role.menu.route))} />
      </Stack>
    </>
  );
};

export const AllocMenuScreen = () => {
  const translate = useTranslate();
  const [search] = useSearchParams();
  const params = roleParamsOf(search);
  return (
    <PageFrame title={translate('menu.allocMenu')}>
      {params ? <AllocMenuForm roleId={params.roleId} roleName={params.roleName} /> : <NotAvailable message="entity.missing_context" />}
    </PageFrame>
  );
};
