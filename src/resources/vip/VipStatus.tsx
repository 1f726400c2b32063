/**
 * The purchase page's view of the buyer: the VIP level and expiry (a fresh `/admin/info`, kept as
 * `level` in local storage) and the buyer's latest applications with their state, the pending one
 * explained. Both are read again after an application and whenever the page opens, so a payment an
 * administrator confirmed meanwhile shows at once.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { RaRecord } from 'react-admin';
import { useGetList, useRefresh, useTranslate } from 'react-admin';
import { enumLabelKey } from '../../engine/blocks';
import { useIntlLocale } from '../../engine/locale';
import { httpClient } from '../../providers/httpClient';
import { rememberVipLevel } from '../../providers/vipLevel';
import type { AdminInfo } from '../../schema/api';
import { PAY_STATUS, payRecord, vipLevelOf } from '../../schema/vip/entities';
import { channelLabelKey, planLabelKey, useMoneyText } from './payChoices';
import { isOnlineChannel, usePayOnline } from './onlineFlow';
import { usePayByPaypal } from './paypalFlow';

/** How many of the buyer's latest applications the page lists (the pay record list has them all). */
const LATEST = 5;

export const VIP_STATUS_KEY = ['vip', 'status'] as const;

/** The caller's own account as `/admin/info` answers it now (not the session's copy from sign-in). */
export const useVipStatus = () => {
  const query = useQuery({
    queryKey: VIP_STATUS_KEY,
    queryFn: async ({ signal }) => (await httpClient<AdminInfo>('/admin/info', { signal })).data,
    refetchOnMount: 'always',
  });
  const level = query.data?.vipLevel;
  useEffect(() => rememberVipLevel(level), [level]);
  return query;
};

const useDateText = () => {
  const locale = useIntlLocale();
  return (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
};

export const VipLevel = ({ status }: { readonly status: ReturnType<typeof useVipStatus> }) => {
  const translate = useTranslate();
  const dateText = useDateText();
  if (status.isPending) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  if (status.isError || !status.data) {
    return (
      <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void status.refetch()}>{translate('vip.retry')}</Button>}>
        {translate('vip.status_failed')}
      </Alert>
    );
  }
  const expire = status.data.vipExpireTime ?? null;
  // The server's level, or the expiry's when an older server leaves it out.
  const level = status.data.vipLevel ?? vipLevelOf(expire);
  const text = level === 1 && expire ? translate('vip.status_active', { date: dateText(expire) })
    : expire ? translate('vip.status_expired', { date: dateText(expire) })
    : translate('vip.status_none');
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
      data-vip-level={level} data-expire-time={expire ?? ''}>
      <Chip color={level === 1 ? 'success' : 'default'} label={translate('vip.level', { level })} />
      <Typography variant="body1">{text}</Typography>
    </Stack>
  );
};

const STATUS_COLOURS: Readonly<Record<number, 'warning' | 'success' | 'default'>> = {
  [PAY_STATUS.unpaid]: 'warning', [PAY_STATUS.paid]: 'success', [PAY_STATUS.refunded]: 'default',
};

const statusOption = (value: unknown) => payRecord.fields.status.options?.find((o) => o.value === value);

const ApplicationItem = ({ record, currency }: { readonly record: RaRecord; readonly currency: string }) => {
  const translate = useTranslate();
  const dateText = useDateText();
  const money = useMoneyText(currency);
  const plan = payRecord.fields.plan.options?.find((o) => o.value === record.plan);
  const status = statusOption(record.status);
  const title = translate('vip.applied', {
    plan: plan ? translate(planLabelKey(plan)) : String(record.plan),
    amount: typeof record.amount === 'number' ? money(record.amount) : '',
    channel: translate(channelLabelKey({ value: String(record.channel) }), { _: String(record.channel) }),
  });
  const payByPaypal = usePayByPaypal();
  const refresh = useRefresh();
  const payOnline = usePayOnline(refresh);
  const channel = record.channel;
  // An unpaid online application (the buyer turned back on the provider's page) is paid from here.
  const payable = (channel === 'paypal' || isOnlineChannel(channel)) && record.status === PAY_STATUS.unpaid;
  const pay = () => {
    if (isOnlineChannel(channel)) payOnline.mutate({ channel, id: Number(record.id) });
    else payByPaypal.mutate(Number(record.id));
  };
  const failed = payByPaypal.isError || payOnline.isError;
  const details = [
    typeof record.createTime === 'string' ? translate('vip.applied_at', { date: dateText(record.createTime) }) : null,
    record.reference ? `${translate('vip.reference')}: ${String(record.reference)}` : null,
  ].filter((line): line is string => line !== null);
  return (
    <ListItem disableGutters divider data-application={record.id} data-status={record.status}
      secondaryAction={status ? <Chip size="small" color={STATUS_COLOURS[Number(status.value)] ?? 'default'} label={translate(enumLabelKey(payRecord, 'status', status))} /> : null}
      sx={{ pr: 12 }}>
      <Stack spacing={0.5} sx={{ alignItems: 'flex-start', minWidth: 0 }}>
        <ListItemText primary={title} secondary={details.join(' · ')} secondaryTypographyProps={{ sx: { wordBreak: 'break-word' } }} />
        {payable && (
          <Button size="small" variant="outlined" disabled={payByPaypal.isPending || payOnline.isPending} onClick={pay}>
            {translate(isOnlineChannel(channel) ? `vip.online.pay_now.${channel}` : 'vip.paypal.pay_now')}
          </Button>
        )}
        {payOnline.dialog}
        {payable && failed && <Typography variant="caption" color="error" role="alert">{translate(isOnlineChannel(channel) ? 'vip.online.start_failed' : 'vip.paypal.start_failed')}</Typography>}
      </Stack>
    </ListItem>
  );
};

/**
 * The caller's own latest applications, once its account is known: filtered by its id, since staff
 * would otherwise see everyone's (a seller sees only its own whatever it asks).
 */
export const useMyApplications = (status: ReturnType<typeof useVipStatus>) => {
  const ownerId = status.data?.id;
  return useGetList(payRecord.name, {
    filter: ownerId === undefined ? {} : { sellerId: ownerId },
    sort: { field: 'id', order: 'DESC' },
    pagination: { page: 1, perPage: LATEST },
  }, { enabled: status.isSuccess });
};

export const MyApplications = ({ applications, currency }: { readonly applications: ReturnType<typeof useMyApplications>; readonly currency: string }) => {
  const translate = useTranslate();
  if (applications.isPending) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  if (applications.isError) {
    return (
      <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void applications.refetch()}>{translate('vip.retry')}</Button>}>
        {translate('vip.applications_failed')}
      </Alert>
    );
  }
  const records = applications.data ?? [];
  if (records.length === 0) return <Typography color="text.secondary">{translate('vip.pending_none')}</Typography>;
  const pending = records.some((r) => r.status === PAY_STATUS.unpaid);
  return (
    <Stack spacing={1}>
      {pending && <Alert severity="info" data-pending-application>{translate('vip.pending_wait')}</Alert>}
      <List dense disablePadding aria-label={translate('vip.applications')}>
        {records.map((record) => <ApplicationItem key={record.id} record={record} currency={currency} />)}
      </List>
    </Stack>
  );
};
