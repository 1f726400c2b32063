/**
 * `/ums/allocResource?roleId=&name=`: every resource (`/resource/listAll`) grouped by category
 * (`/resourceCategory/listAll`), a checkbox per resource and a select-all per category,
 * pre-checked from the role's resources (its `listResource` action); saving replaces them
 * (`allocResource`) and returns to the role list.
 */
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { RaRecord } from 'react-admin';
import { Button, Loading, useCanAccess, useGetList, useNavigate, useNotify, useTranslate } from 'react-admin';
import { builtinText } from '../../i18n/builtins';
import { PageFrame } from '../../ui/PageFrame';
import { resource, resourceCategory, role } from '../../schema/ums/entities';
import { actionOperation } from '../../schema/access';
import { actionQueryKey, useActionMutation, useActionQuery } from '../../engine/actionQueries';
import { NotAvailable } from '../../engine/NotAvailable';
import { routePath } from '../../engine/routing';
import { allRowsOf } from './lookups';
import type { ResourceGroup } from './resourceGroups';
import { groupResources } from './resourceGroups';
import { roleParamsOf } from './roleParams';

const CategoryCard = ({ group, checked, onChange }: {
  readonly group: ResourceGroup;
  readonly checked: ReadonlySet<number>;
  readonly onChange: (ids: readonly number[], on: boolean) => void;
}) => {
  const translate = useTranslate();
  const ids = group.resources.map((r) => Number(r.id));
  const count = ids.filter((id) => checked.has(id)).length;
  const name = group.name === null ? translate('entity.ums.uncategorised') : builtinText(translate, resourceCategory.name, { name: group.name }, 'name');
  return (
    <Card variant="outlined" role="group" aria-label={name}>
      <CardContent>
        <FormControlLabel
          control={(
            <Checkbox
              checked={count === ids.length}
              indeterminate={count > 0 && count < ids.length}
              onChange={() => onChange(ids, count < ids.length)}
              slotProps={{ input: { 'aria-label': translate('entity.ums.select_all_of', { name }) } }}
            />
          )}
          label={<Typography variant="subtitle1" component="span">{name}</Typography>}
        />
        <Grid container spacing={0} sx={{ pl: 3 }}>
          {group.resources.map((r) => (
            <Grid key={r.id} size={{ xs: 12, sm: 6, md: 4 }}>
              <FormControlLabel
                control={<Checkbox checked={checked.has(Number(r.id))} onChange={(e) => onChange([Number(r.id)], e.target.checked)} />}
                label={(
                  <span>
                    {builtinText(translate, resource.name, r, resource.display) || String(r.id)}
                    <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>{String(r.url ?? '')}</Typography>
                  </span>
                )}
              />
            </Grid>
          ))}
        </Grid>
      </CardContent>
    </Card>
  );
};

const AllocResourceForm = ({ roleId, roleName }: { readonly roleId: number; readonly roleName: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const resources = useGetList(resource.name, allRowsOf(resource));
  const categories = useGetList(resourceCategory.name, allRowsOf(resourceCategory));
  const granted = useActionQuery<RaRecord[] | null>(role, { name: 'listResource', id: roleId });
  const { canAccess: canSave } = useCanAccess({ resource: role.name, action: actionOperation('allocResource') });
  // Null until the user changes something: the checks then mirror the role's resources.
  const [picked, setPicked] = useState<ReadonlySet<number> | null>(null);
  const checked = picked ?? new Set((granted.data ?? []).map((r) => Number(r.id)));
  const all = resources.data ?? [];
  const save = useActionMutation(role, 'allocResource', {
    onSuccess: async () => {
      notify('entity.ums.resources_saved', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: actionQueryKey(role, 'listResource', roleId) });
      navigate(routePath(role.menu.route));
    },
  });
  // Only ids that still exist: a resource deleted meanwhile is not granted again.
  const saveResources = () => save.mutate({ id: roleId, params: { resourceIds: all.map((r) => Number(r.id)).filter((id) => checked.has(id)) } });
  const change = (ids: readonly number[], on: boolean) => {
    const next = new Set(checked);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    setPicked(next);
  };

  if (resources.isPending || categories.isPending || granted.isPending) return <Loading />;
  if (resources.error || categories.error || granted.isError) return <NotAvailable message="entity.ums.load_failed" />;
  const groups = groupResources(categories.data ?? [], all);

  return (
    <>
      <Typography variant="subtitle1" component="p" gutterBottom>
        {translate('entity.ums.role_heading', { name: builtinText(translate, role.name, { name: roleName }, 'name') })}
      </Typography>
      {groups.length === 0
        ? <Typography color="text.secondary" sx={{ mb: 2 }}>{translate('entity.ums.no_resources')}</Typography>
        : (
          <Stack spacing={2} sx={{ mb: 2 }}>
            {groups.map((group) => <CategoryCard key={group.categoryId ?? 'none'} group={group} checked={checked} onChange={change} />)}
          </Stack>
        )}
      <Stack direction="row" spacing={1}>
        {canSave && <Button label="entity.action.save" variant="contained" onClick={saveResources} disabled={save.isPending} />}
        <Button label="entity.action.back" onClick={() => navigate(routePath(role.menu.route))} />
      </Stack>
    </>
  );
};

export const AllocResourceScreen = () => {
  const translate = useTranslate();
  const [search] = useSearchParams();
  const params = roleParamsOf(search);
  return (
    <PageFrame title={translate('menu.allocResource')}>
      {params ? <AllocResourceForm roleId={params.roleId} roleName={params.roleName} /> : <NotAvailable message="entity.missing_context" />}
    </PageFrame>
  );
};
