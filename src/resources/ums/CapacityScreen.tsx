/**
 * `/ums/capacity`: each member's usage against their group's quotas (the user groups' `capacity`
 * action, `/capacity/list`), one
 * progress bar per quota; rows past the group's warning threshold are highlighted (over the
 * quota more strongly). Filters: group, and "over only".
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { Loading, useGetList, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { PageFrame } from '../../pages/shared/PageFrame';
import { PAGE_SIZE } from '../../schema/rules';
import { userGroup } from '../../schema/ums/entities';
import type { Page } from '../../schema/api';
import type { CapacityItem, CapacityRow } from '../../schema/ums/entities';
import { useActionQuery } from '../../engine/actionQueries';
import { allRowsOf } from './lookups';
import { capacityKeys, rowLevel } from './capacity';
import type { Level } from './capacity';

/** The select's value for "every group" (an empty value would leave the select looking blank). */
const ALL_GROUPS = 'all';
const BAR_COLOURS: Readonly<Record<Level, 'primary' | 'warning' | 'error'>> = { ok: 'primary', warn: 'warning', over: 'error' };
const ROW_BACKGROUNDS: Readonly<Record<Level, string | undefined>> = { ok: undefined, warn: 'rgba(237, 108, 2, 0.08)', over: 'rgba(211, 47, 47, 0.10)' };

const itemLevel = (item: CapacityItem): Level => (item.over ? 'over' : item.warn ? 'warn' : 'ok');

const UsageBar = ({ item }: { readonly item: CapacityItem }) => {
  const translate = useTranslate();
  const unitText = translate(`entity.ums.capacity.units.${item.unit}`, { _: item.unit });
  // Counts carry no unit; sizes do (`12 / 200 MB`).
  const unit = unitText ? ` ${unitText}` : '';
  const level = itemLevel(item);
  if (item.quota === null) {
    return <Typography variant="body2">{`${item.usage}${unit}`} · {translate('entity.ums.capacity.unlimited')}</Typography>;
  }
  const percent = item.percent ?? (item.quota > 0 ? Math.round((item.usage / item.quota) * 100) : 100);
  const name = translate(`entity.ums.capacity.items.${item.key}`, { _: item.key });
  return (
    <Box sx={{ minWidth: 140 }} data-level={level}>
      <LinearProgress
        variant="determinate"
        value={Math.min(percent, 100)}
        color={BAR_COLOURS[level]}
        aria-label={translate('entity.ums.capacity.bar', { name, usage: item.usage, quota: item.quota, percent })}
        sx={{ height: 8, borderRadius: 1 }}
      />
      <Typography variant="caption" color={level === 'ok' ? 'text.secondary' : `${BAR_COLOURS[level]}.main`}>
        {`${item.usage} / ${item.quota}${unit} (${percent}%)`}
      </Typography>
    </Box>
  );
};

const MemberRow = ({ row, keys }: { readonly row: CapacityRow; readonly keys: readonly string[] }) => {
  const translate = useTranslate();
  const level = rowLevel(row);
  return (
    <TableRow data-level={level} sx={{ bgcolor: ROW_BACKGROUNDS[level] }}>
      <TableCell>
        {row.username}
        {level !== 'ok' && (
          <Chip size="small" sx={{ ml: 1 }} color={BAR_COLOURS[level]} label={translate(`entity.ums.capacity.${level}`)} />
        )}
      </TableCell>
      <TableCell>{row.groupName}</TableCell>
      {keys.map((key) => {
        const item = row.items.find((i) => i.key === key);
        return <TableCell key={key}>{item ? <UsageBar item={item} /> : '—'}</TableCell>;
      })}
    </TableRow>
  );
};

export const CapacityScreen = () => {
  const translate = useTranslate();
  const [groupId, setGroupId] = useState<string>(ALL_GROUPS);
  // `?overOnly=1` opens it switched on (the home page's link to the accounts over their warning).
  const location = useLocation();
  const [overOnly, setOverOnly] = useState(() => new URLSearchParams(location.search).get('overOnly') === '1');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState<number>(PAGE_SIZE.choices[0]);
  const groups = useGetList(userGroup.name, allRowsOf(userGroup));
  const params = { pageNum: page + 1, pageSize: perPage, groupId: groupId === ALL_GROUPS ? undefined : groupId, overOnly: overOnly ? 1 : undefined };
  const capacity = useActionQuery<Page<CapacityRow> | null>(userGroup, { name: 'capacity', params }, { placeholderData: keepPreviousData });
  const rows = capacity.data?.list ?? [];
  const keys = capacityKeys(rows);

  return (
    <PageFrame title={translate('menu.capacity')}>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <MuiTextField
          select
          size="small"
          label={translate('resources.userGroup.name', { smart_count: 1 })}
          value={groupId}
          onChange={(e) => { setGroupId(String(e.target.value)); setPage(0); }}
          fullWidth={false}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value={ALL_GROUPS}>{translate('entity.ums.capacity.all_groups')}</MenuItem>
          {(groups.data ?? []).map((g) => <MenuItem key={g.id} value={String(g.id)}>{String(g[userGroup.display] ?? g.id)}</MenuItem>)}
        </MuiTextField>
        <FormControlLabel
          control={<Switch checked={overOnly} onChange={(e) => { setOverOnly(e.target.checked); setPage(0); }} />}
          label={translate('entity.ums.capacity.over_only')}
        />
      </Stack>
      {capacity.isPending ? <Loading /> : capacity.isError ? (
        <Alert severity="error">{translate('entity.ums.load_failed')}</Alert>
      ) : rows.length === 0 ? (
        <Alert severity="info">{translate(overOnly ? 'entity.ums.capacity.none_over' : 'entity.ums.capacity.empty')}</Alert>
      ) : (
        <Paper variant="outlined">
          {/* Wider than a phone (a column per quota): the table scrolls in its own box, not the page. */}
          <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('menu.capacity')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('entity.ums.capacity.member')}</TableCell>
                <TableCell>{translate('resources.userGroup.name', { smart_count: 1 })}</TableCell>
                {keys.map((key) => <TableCell key={key}>{translate(`entity.ums.capacity.items.${key}`, { _: key })}</TableCell>)}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => <MemberRow key={row.adminId} row={row} keys={keys} />)}
            </TableBody>
          </Table>
          </Box>
          <TablePagination
            component="div"
            count={capacity.data?.total ?? 0}
            page={page}
            rowsPerPage={perPage}
            rowsPerPageOptions={[...PAGE_SIZE.choices]}
            onPageChange={(_e, next) => setPage(next)}
            onRowsPerPageChange={(e) => { setPerPage(Number(e.target.value)); setPage(0); }}
            labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
            labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
          />
        </Paper>
      )}
    </PageFrame>
  );
};
