/**
 * `/ums/allocMenu?roleId=&name=`: the whole menu tree (the menus' `treeList` action) with a
 * checkbox per menu, parents tri-state, pre-checked from the role's menus (its `listMenu`);
 * saving replaces them (`allocMenu`) and returns to the role list. Below the tree, what the ticked
 * menus still need from the API that the role's resources do not cover, with one button that adds
 * those resources (`allocResource`): a menu without its resources would open "Access denied".
 */
import { endpointOf } from '../../schema/engine/endpoints';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { RaRecord } from 'react-admin';
import { Button, Loading, useCanAccess, useGetList, useNavigate, useNotify, useTranslate } from 'react-admin';
import { useAdminSession } from '../../providers/useAdminSession';
import { builtinText } from '../../i18n/builtins';
import { PageFrame } from '../../ui/PageFrame';
import type { MenuNode } from '../../schema/ums/entities';
import { menu, resource, role } from '../../schema/ums/entities';
import { actionOperation, entityActionPath } from '../../schema/access';
import { actionQueryKey, useActionMutation, useActionQuery } from '../../engine/actionQueries';
import { NotAvailable } from '../../engine/NotAvailable';
import { routePath } from '../../engine/routing';
import { allRowsOf } from './lookups';
import type { ResourceRow } from './menuNeeds';
import { resourcesToAdd, routeLacks } from './menuNeeds';
import { allLeafIds, checkStateOf, initialChecked, menuIdsToSave, toggleNode } from './menuTree';
import { roleParamsOf } from './roleParams';

/** Whether the signed-in admin may call an action of an entity (its API path, from the declaration). */
const useCanCall = () => {
  const { session } = useAdminSession();
  return (path: string | null) => Boolean(path && session?.canCall(path));
};

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
        // Translated while it is the seeded title; a renamed menu reads as it was named.
        label={builtinText(translate, 'menu', node, 'title')}
      />
      {children.map((child) => <MenuTreeNode key={child.id} node={child} checked={checked} onToggle={onToggle} depth={depth + 1} />)}
    </Box>
  );
};

const namesOf = (roots: readonly MenuNode[], ids: ReadonlySet<number>): string[] => {
  const out: string[] = [];
  const visit = (node: MenuNode) => {
    if (ids.has(node.id)) out.push(node.name);
    (node.children ?? []).forEach(visit);
  };
  roots.forEach(visit);
  return out;
};

const toRow = (r: RaRecord): ResourceRow => ({ id: Number(r.id), name: String(r.name ?? r.id), url: String(r.url ?? '') });

/** What the ticked menus lack: per menu, the needed calls no resource of the role covers, and a button adding them. */
const MissingResources = ({ roleId, routes }: { readonly roleId: number; readonly routes: readonly string[] }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { session } = useAdminSession();
  const canCall = useCanCall();
  const canRead = canCall(entityActionPath(role, actionOperation('listResource'))) && canCall(endpointOf(resource, 'listAll')?.url ?? null);
  const canGrant = canCall(entityActionPath(role, actionOperation('allocResource')));
  const granted = useActionQuery<RaRecord[] | null>(role, { name: 'listResource', id: roleId }, { enabled: canRead });
  const all = useGetList(resource.name, allRowsOf(resource), { enabled: canRead });
  const held = session?.resources;
  // Only what the signed-in admin holds can be granted (the server's ceiling); the super admin holds all.
  const mayGrant = (r: ResourceRow) => !held || held.includes('/**') || held.includes(r.url);
  const roleRows = (granted.data ?? []).map(toRow);
  const lacks = granted.data && all.data ? routeLacks(routes, roleRows.map((r) => r.url), all.data.map(toRow), mayGrant) : [];
  const toAdd = resourcesToAdd(lacks);
  const add = useActionMutation(role, 'allocResource', {
    onSuccess: async () => {
      notify('entity.ums.resources_added', { type: 'success', messageArgs: { smart_count: toAdd.length } });
      await queryClient.invalidateQueries({ queryKey: actionQueryKey(role, 'listResource', roleId) });
    },
  });
  const addNeeded = () => add.mutate({ id: roleId, params: { resourceIds: [...new Set([...roleRows.map((r) => r.id), ...toAdd.map((r) => r.id)])] } });
  if (!canRead || lacks.length === 0) return null;
  const title = (route: string) => translate(`menu.${route}`, { _: route });
  return (
    <Alert severity="warning" sx={{ mb: 2 }} role="region" aria-label={translate('entity.ums.missing_resources')}>
      <AlertTitle>{translate('entity.ums.missing_resources')}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {lacks.map((lack) => (
          <li key={lack.route}>
            {translate('entity.ums.menu_needs', {
              menu: title(lack.route),
              resources: lack.missing.map((m) => (m.resource
                ? `${builtinText(translate, 'resource', m.resource, 'name')} (${m.resource.url})`
                : translate('entity.ums.no_resource_for', { path: m.path }))).join(', '),
            })}
          </li>
        ))}
      </Box>
      {canGrant && toAdd.length > 0 && (
        <Button
          label="entity.ums.add_needed_resources"
          variant="outlined"
          sx={{ mt: 1 }}
          onClick={addNeeded}
          disabled={add.isPending}
        />
      )}
    </Alert>
  );
};

const AllocMenuForm = ({ roleId, roleName }: { readonly roleId: number; readonly roleName: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const tree = useActionQuery<MenuNode[] | null>(menu, { name: 'treeList' });
  const granted = useActionQuery<RaRecord[] | null>(role, { name: 'listMenu', id: roleId });
  const { canAccess: canSave } = useCanAccess({ resource: role.name, action: actionOperation('allocMenu') });
  // Null until the user changes something: the checks then mirror the role's menus.
  const [picked, setPicked] = useState<ReadonlySet<number> | null>(null);
  const roots = tree.data ?? [];
  const checked = picked ?? initialChecked(roots, (granted.data ?? []).map((m) => Number(m.id)));
  const save = useActionMutation(role, 'allocMenu', {
    onSuccess: async () => {
      notify('entity.ums.menus_saved', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: actionQueryKey(role, 'listMenu', roleId) });
      navigate(routePath(role.menu.route));
    },
  });
  const saveMenus = () => save.mutate({ id: roleId, params: { menuIds: menuIdsToSave(roots, checked) } });

  if (tree.isPending || granted.isPending) return <Loading />;
  if (tree.isError || granted.isError) return <NotAvailable message="entity.ums.load_failed" />;
  const allChecked = roots.length > 0 && allLeafIds(roots).every((id) => checked.has(id));

  return (
    <>
      <Typography variant="subtitle1" component="p" gutterBottom>
        {translate('entity.ums.role_heading', { name: builtinText(translate, 'role', { name: roleName }, 'name') })}
      </Typography>
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
      <MissingResources roleId={roleId} routes={namesOf(roots, checked)} />
      <Stack direction="row" spacing={1}>
        {canSave && <Button label="entity.action.save" variant="contained" onClick={saveMenus} disabled={save.isPending} />}
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
