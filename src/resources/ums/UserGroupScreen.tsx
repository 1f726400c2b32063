/**
 * `/ums/user_group?groupId=`: pick a group, see its admins and sellers (the group's `members`
 * action), add accounts through a search over `/admin/list`, remove them, and save the whole
 * list (`allocMembers`). Changes stay local until saved;
 * a save that removes members asks first.
 */
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { RaRecord } from 'react-admin';
import { Button, Confirm, Loading, useCanAccess, useGetList, useNotify, useTranslate } from 'react-admin';
import { PageFrame } from '../../ui/PageFrame';
import { userGroup } from '../../schema/ums/entities';
import { adminAccount } from '../../schema/ums/admin';
import { actionOperation } from '../../schema/access';
import { actionQueryKey, useActionMutation, useActionQuery } from '../../engine/actionQueries';
import { fieldLabelKey } from '../../engine/labels';
import { allRowsOf } from './lookups';

const SEARCH_PAGE = { page: 1, perPage: 20 } as const;
/** Wide enough for a username with its nickname (the box) on a desktop; the whole row on a phone. */
const PICKER_WIDTH = { xs: '100%', sm: 440 } as const;
const SEARCH_DELAY_MS = 300;
const MEMBER_COLUMNS = ['username', 'nickName', 'email'] as const;

const accountLabel = (a: RaRecord): string => {
  const nick = a.nickName ? ` (${String(a.nickName)})` : '';
  return `${String(a[adminAccount.display] ?? a.id)}${nick}`;
};

/** The search box of accounts to add: `/admin/list?keyword=` as the user types, members left out. */
const AccountPicker = ({ exclude, onPick }: { readonly exclude: ReadonlySet<string>; readonly onPick: (account: RaRecord) => void }) => {
  const translate = useTranslate();
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(input.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const search = adminAccount.search?.param ?? 'keyword';
  const { data = [], isFetching } = useGetList(adminAccount.name, { filter: keyword ? { [search]: keyword } : {}, pagination: SEARCH_PAGE });
  const options = data.filter((a) => !exclude.has(String(a.id)));
  return (
    <Autocomplete
      options={options}
      value={null}
      inputValue={input}
      onInputChange={(_e, value, reason) => { if (reason !== 'reset') setInput(value); }}
      onChange={(_e, account) => {
        if (account) onPick(account);
        setInput('');
      }}
      getOptionLabel={accountLabel}
      // The username on its own line, the nickname below it: both read whole, however long.
      renderOption={({ key, ...props }, account) => (
        <li key={key} {...props} aria-label={accountLabel(account)}>
          <Box sx={{ minWidth: 0 }}>
            <Typography component="div" variant="body2" sx={{ overflowWrap: 'anywhere' }}>{String(account[adminAccount.display] ?? account.id)}</Typography>
            {account.nickName ? <Typography component="div" variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>{String(account.nickName)}</Typography> : null}
          </Box>
        </li>
      )}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(x) => x}
      loading={isFetching}
      noOptionsText={translate('entity.ums.no_accounts')}
      loadingText={translate('ra.page.loading')}
      sx={{ width: PICKER_WIDTH, flexShrink: 0 }}
      renderInput={(params) => <MuiTextField {...params} size="small" label={translate('entity.ums.add_member')} />}
    />
  );
};

const GroupMembers = ({ groupId }: { readonly groupId: number }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const members = useActionQuery<RaRecord[] | null>(userGroup, { name: 'members', id: groupId });
  const { canAccess: canSave } = useCanAccess({ resource: userGroup.name, action: actionOperation('allocMembers') });
  // Null while unchanged: the table then shows what the server holds.
  const [picked, setPicked] = useState<readonly RaRecord[] | null>(null);
  const [confirming, setConfirming] = useState(false);
  const current = picked ?? members.data ?? [];
  const currentIds = new Set(current.map((m) => String(m.id)));
  const removed = (members.data ?? []).filter((m) => !currentIds.has(String(m.id))).length;
  const save = useActionMutation(userGroup, 'allocMembers', {
    onSuccess: async () => {
      setConfirming(false);
      notify('entity.ums.members_saved', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: actionQueryKey(userGroup, 'members', groupId) });
      setPicked(null);
    },
    onError: () => setConfirming(false),
  });
  const saveMembers = () => save.mutate({ id: groupId, params: { adminIds: current.map((m) => Number(m.id)) } });

  if (members.isPending) return <Loading />;
  if (members.isError) return <Alert severity="error">{translate('entity.ums.load_failed')}</Alert>;

  return (
    <>
      {canSave && (
        <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <AccountPicker exclude={currentIds} onPick={(account) => setPicked([...current, account])} />
          <Typography variant="body2" color="text.secondary">{translate('entity.ums.one_group_hint')}</Typography>
        </Stack>
      )}
      <Paper variant="outlined" sx={{ mb: 2 }}>
        <Table size="small" aria-label={translate('entity.ums.members')}>
          <TableHead>
            <TableRow>
              {MEMBER_COLUMNS.map((c) => <TableCell key={c}>{translate(fieldLabelKey(adminAccount, c))}</TableCell>)}
              {canSave && <TableCell>{translate('entity.actions')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {current.length === 0 && (
              <TableRow>
                <TableCell colSpan={MEMBER_COLUMNS.length + 1}>
                  <Typography color="text.secondary">{translate('entity.ums.no_members')}</Typography>
                </TableCell>
              </TableRow>
            )}
            {current.map((m) => (
              <TableRow key={m.id}>
                {MEMBER_COLUMNS.map((c) => <TableCell key={c}>{String(m[c] ?? '')}</TableCell>)}
                {canSave && (
                  <TableCell>
                    <IconButton
                      size="small"
                      aria-label={translate('entity.ums.remove_member', { name: String(m[adminAccount.display] ?? m.id) })}
                      onClick={() => setPicked(current.filter((x) => x.id !== m.id))}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      {canSave && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Button
            label="entity.action.save"
            variant="contained"
            disabled={picked === null || save.isPending}
            onClick={() => (removed > 0 ? setConfirming(true) : saveMembers())}
          />
          <Button label="entity.ums.discard" disabled={picked === null} onClick={() => setPicked(null)} />
          {picked !== null && <Typography variant="body2" color="warning.main">{translate('entity.ums.unsaved')}</Typography>}
        </Stack>
      )}
      <Confirm
        isOpen={confirming}
        loading={save.isPending}
        title="entity.ums.confirm_remove_members.title"
        content="entity.ums.confirm_remove_members.content"
        translateOptions={{ smart_count: removed }}
        onConfirm={saveMembers}
        onClose={() => setConfirming(false)}
      />
    </>
  );
};

export const UserGroupScreen = () => {
  const translate = useTranslate();
  const [search, setSearch] = useSearchParams();
  const raw = search.get('groupId') ?? '';
  const groupId = /^\d+$/.test(raw) ? Number(raw) : null;
  const groups = useGetList(userGroup.name, allRowsOf(userGroup));
  const list = groups.data ?? [];

  return (
    <PageFrame title={translate('menu.user_group')}>
      {groups.isPending ? <Loading /> : list.length === 0 ? (
        <Alert severity="info">{translate('entity.ums.no_groups')}</Alert>
      ) : (
        <>
          <MuiTextField
            select
            size="small"
            label={translate('resources.userGroup.name', { smart_count: 1 })}
            value={groupId !== null && list.some((g) => g.id === groupId) ? groupId : ''}
            onChange={(e) => setSearch({ groupId: String(e.target.value) })}
            fullWidth={false}
            sx={{ minWidth: 240, mb: 2 }}
          >
            {list.map((g) => <MenuItem key={g.id} value={g.id}>{String(g[userGroup.display] ?? g.id)}</MenuItem>)}
          </MuiTextField>
          {groupId === null
            ? <Typography color="text.secondary">{translate('entity.ums.pick_group')}</Typography>
            // A new group is a new list: remount so unsaved changes of another group never carry over.
            : <GroupMembers key={groupId} groupId={groupId} />}
        </>
      )}
    </PageFrame>
  );
};
