/**
 * The home page's figures, from one request (`GET /home/summary`, src/schema/home/summary.ts):
 * today at a glance, the pending work (each a link to its list filtered to exactly those rows),
 * the overviews, a new seller's getting-started checklist and the charts (./HomeCharts.tsx, a lazy
 * chunk of its own). What the caller may not list is not in the answer and not on the page.
 */
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { useIntlLocale } from '../../engine/locale';
import { apiFetch } from '../../providers/api';
import type { HomeSummary, ListFilter, PendingItem } from '../../schema/home/summary';
import { HOME_API } from '../../schema/home/summary';
import type { RouteName } from '../../schema/routes';
import { ALL_ROUTES } from '../../schema/routes';
import { lazyNow } from '../../engine/lazyNow';
import { changePercent, dayText, formatCount, formatMoney, formatPercent, startsWithChecklist } from './format';

const HomeCharts = lazyNow(() => import('./HomeCharts').then((m) => m.HomeCharts), () => <Skeleton variant="rounded" height={240} />);

const pathOf = (route: RouteName): string => ALL_ROUTES.find((r) => r.name === route)?.path ?? '/home';

/** The list screen at `route` with its filter, as the list keeps it in its URL. */
const listLink = (route: RouteName, filter: ListFilter): string =>
  `${pathOf(route)}?filter=${encodeURIComponent(JSON.stringify(filter))}`;

const Panel = ({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) => (
  <Card variant="outlined" sx={{ height: '100%' }} data-testid={testId}>
    <CardContent>
      <Typography variant="subtitle1" component="h2" gutterBottom>{title}</Typography>
      {children}
    </CardContent>
  </Card>
);

/** One labelled figure; `testId` lets the browser tests read exactly this number. */
const Figure = ({ label, value, testId }: { label: string; value: string; testId: string }) => (
  <Box sx={{ minWidth: 96 }}>
    <Typography variant="body2" color="text.secondary">{label}</Typography>
    <Typography variant="h6" component="p" data-testid={testId}>{value}</Typography>
  </Box>
);

const TodayPanel = ({ orders }: { orders: NonNullable<HomeSummary['orders']> }) => {
  const translate = useTranslate();
  const locale = useIntlLocale();
  const { today, yesterday, lastWeek, currencies } = orders;
  return (
    <Panel title={translate('homeDashboard.today.title')} testId="home-today">
      <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Figure label={translate('homeDashboard.today.orders')} value={formatCount(today.orders, locale)} testId="home-orders-today" />
        <Box>
          <Typography variant="body2" color="text.secondary">{translate('homeDashboard.today.sales')}</Typography>
          {currencies.length === 0 ? (
            <Typography color="text.secondary">{translate('homeDashboard.today.no_shops')}</Typography>
          ) : currencies.map((currency) => {
            const change = changePercent(today.sales[currency] ?? 0, lastWeek.sales[currency] ?? 0);
            return (
              <Box key={currency} sx={{ mb: 1 }}>
                <Typography variant="h6" component="p" data-testid={`home-sales-today-${currency}`}>{formatMoney(today.sales[currency] ?? 0, currency, locale)}</Typography>
                <Typography variant="body2" color="text.secondary" data-testid={`home-sales-change-${currency}`}>
                  {change === null ? translate('homeDashboard.today.no_change_base') : translate('homeDashboard.today.change', { change: formatPercent(change, locale) })}
                </Typography>
              </Box>
            );
          })}
        </Box>
      </Stack>
      {currencies.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('homeDashboard.today.yesterday', { value: dayText(yesterday, currencies, locale) })}
          {' — '}
          {translate('homeDashboard.today.last_week', { value: dayText(lastWeek, currencies, locale) })}
        </Typography>
      )}
    </Panel>
  );
};

const PendingPanel = ({ items }: { items: readonly PendingItem[] }) => {
  const translate = useTranslate();
  const locale = useIntlLocale();
  return (
    <Panel title={translate('homeDashboard.pending.title')} testId="home-pending">
      {items.length === 0 ? <Typography color="text.secondary">{translate('homeDashboard.pending.none')}</Typography> : (
        <List dense disablePadding>
          {items.map((item) => {
            const name = translate(`homeDashboard.pending.${item.key}`);
            return (
              <ListItemButton key={item.key} component={RouterLink} to={listLink(item.route, item.filter)} data-testid={`pending-${item.key}`}
                aria-label={translate('homeDashboard.pending.open', { name: `${name} (${formatCount(item.count, locale)})` })}>
                <ListItemText primary={name} />
                <Typography component="span" variant="h6" color={item.count > 0 ? 'primary' : 'text.secondary'} data-testid={`pending-${item.key}-count`}>
                  {formatCount(item.count, locale)}
                </Typography>
              </ListItemButton>
            );
          })}
        </List>
      )}
    </Panel>
  );
};

const START_LINKS = { vip: '/pay/index', shop: '/shop/addShop', product: '/pms/addProduct', invite: '/rms/link' } as const;

const GettingStarted = ({ steps }: { steps: NonNullable<HomeSummary['gettingStarted']> }) => {
  const translate = useTranslate();
  return (
    <Panel title={translate('homeDashboard.start.title')} testId="home-checklist">
      <Typography variant="body2" color="text.secondary">{translate('homeDashboard.start.intro')}</Typography>
      <List dense component="ol" sx={{ listStyle: 'none', p: 0 }}>
        {(Object.keys(START_LINKS) as (keyof typeof START_LINKS)[]).map((step) => (
          <ListItemButton key={step} component={RouterLink} to={START_LINKS[step]} data-testid={`start-${step}`} data-done={steps[step] ? 'true' : 'false'}>
            <ListItemIcon sx={{ minWidth: 36 }}>
              {steps[step]
                ? <CheckCircleIcon color="success" titleAccess={translate('homeDashboard.start.done')} />
                : <RadioButtonUncheckedIcon color="action" titleAccess={translate('homeDashboard.start.todo')} />}
            </ListItemIcon>
            <ListItemText primary={translate(`homeDashboard.start.${step}`)} />
          </ListItemButton>
        ))}
      </List>
    </Panel>
  );
};

const Overviews = ({ data }: { data: HomeSummary }) => {
  const translate = useTranslate();
  const locale = useIntlLocale();
  const t = (key: string) => translate(`homeDashboard.overview.${key}`);
  const dateText = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: data.timeZone }).format(new Date(iso));
  const panels: ReactNode[] = [];
  if (data.products) {
    panels.push(
      <Panel key="products" title={t('products')} testId="home-products">
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Figure label={t('products_on_sale')} value={formatCount(data.products.onSale, locale)} testId="home-products-onSale" />
          <Figure label={t('products_off_sale')} value={formatCount(data.products.offSale, locale)} testId="home-products-offSale" />
          <Figure label={t('products_low_stock')} value={formatCount(data.products.lowStock, locale)} testId="home-products-lowStock" />
          <Figure label={t('products_total')} value={formatCount(data.products.total, locale)} testId="home-products-total" />
        </Stack>
      </Panel>,
    );
  }
  if (data.members) {
    panels.push(
      <Panel key="members" title={t('members')} testId="home-members">
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Figure label={t('members_today')} value={formatCount(data.members.newToday, locale)} testId="home-members-newToday" />
          <Figure label={t('members_yesterday')} value={formatCount(data.members.newYesterday, locale)} testId="home-members-newYesterday" />
          <Figure label={t('members_month')} value={formatCount(data.members.newThisMonth, locale)} testId="home-members-newThisMonth" />
          <Figure label={t('members_total')} value={formatCount(data.members.total, locale)} testId="home-members-total" />
        </Stack>
      </Panel>,
    );
  }
  if (data.vip) {
    const { vip } = data;
    panels.push(
      <Panel key="vip" title={t('vip')} testId="home-vip">
        <Typography data-testid="home-vip-status">
          {vip.level === 1 && vip.expireTime ? translate('homeDashboard.overview.vip_active', { date: dateText(vip.expireTime), days: formatCount(vip.daysLeft, locale) })
            : vip.expireTime ? translate('homeDashboard.overview.vip_expired', { date: dateText(vip.expireTime) }) : t('vip_none')}
        </Typography>
        <Link component={RouterLink} to="/pay/index">{vip.expireTime ? t('vip_renew') : t('vip_buy')}</Link>
      </Panel>,
    );
  }
  if (data.vipRevenue) {
    const r = data.vipRevenue;
    const money = (v: number) => formatMoney(v, r.currency, locale);
    panels.push(
      <Panel key="vipRevenue" title={t('vip_revenue')} testId="home-vip-revenue">
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Figure label={t('vip_revenue_today')} value={money(r.today)} testId="home-vip-revenue-today" />
          <Figure label={t('vip_revenue_month')} value={money(r.thisMonth)} testId="home-vip-revenue-month" />
          <Figure label={t('vip_revenue_last_month')} value={money(r.lastMonth)} testId="home-vip-revenue-last-month" />
          <Figure label={t('vip_revenue_year')} value={money(r.thisYear)} testId="home-vip-revenue-year" />
          <Figure label={t('vip_revenue_total')} value={money(r.total)} testId="home-vip-revenue-total" />
        </Stack>
      </Panel>,
    );
  }
  if (data.capacity) {
    panels.push(
      <Panel key="capacity" title={t('capacity')} testId="home-capacity">
        <Link component={RouterLink} to="/ums/capacity?overOnly=1" variant="h6" data-testid="home-capacity-over">{formatCount(data.capacity.overWarning, locale)}</Link>
      </Panel>,
    );
  }
  if (data.marketing) {
    const m = data.marketing;
    const sales = (list: NonNullable<typeof m.flash>['running'], key: 'running' | 'upcoming') => (
      <Box sx={{ mb: 1 }} data-testid={`home-flash-${key}`}>
        <Typography variant="body2" color="text.secondary">{t(`flash_${key}`)}</Typography>
        {list.length === 0 ? <Typography variant="body2">{t('flash_none')}</Typography> : list.map((s) => (
          <Typography key={s.id} variant="body2">
            {translate('homeDashboard.overview.flash_line', { title: s.title, sold: formatCount(s.sold, locale), left: formatCount(s.left, locale), offered: formatCount(s.offered, locale) })}
          </Typography>
        ))}
      </Box>
    );
    panels.push(
      <Panel key="marketing" title={t('marketing')} testId="home-marketing">
        {m.flash && <Link component={RouterLink} to={pathOf(m.flash.route)} underline="none" color="inherit" sx={{ display: 'block' }}>{sales(m.flash.running, 'running')}{sales(m.flash.upcoming, 'upcoming')}</Link>}
        {m.coupons && (
          <Link component={RouterLink} to={pathOf(m.coupons.route)} underline="none" color="inherit" sx={{ display: 'block', mb: 1 }}>
            <Typography variant="body2" color="text.secondary">{translate('homeDashboard.overview.coupons_week', { date: dateText(`${m.coupons.weekStart}T12:00:00Z`) })}</Typography>
            <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Figure label={t('coupons_claimed')} value={formatCount(m.coupons.claimed, locale)} testId="home-coupons-claimed" />
              <Figure label={t('coupons_given')} value={formatCount(m.coupons.given, locale)} testId="home-coupons-given" />
              <Figure label={t('coupons_used')} value={formatCount(m.coupons.used, locale)} testId="home-coupons-used" />
            </Stack>
          </Link>
        )}
        {m.ads && (
          <Link component={RouterLink} to={listLink(m.ads.route, { status: 1 })} underline="none" color="inherit" sx={{ display: 'block', mb: 1 }}>
            <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Figure label={t('ads_running')} value={formatCount(m.ads.running, locale)} testId="home-ads-running" />
              <Figure label={t('ads_clicks')} value={formatCount(m.ads.clicks, locale)} testId="home-ads-clicks" />
            </Stack>
          </Link>
        )}
        {m.notForSale && m.notForSale.some((n) => n.count > 0) && (
          <Alert severity="warning" sx={{ mt: 1 }} data-testid="home-not-for-sale">
            {t('not_for_sale')}
            {m.notForSale.filter((n) => n.count > 0).map((n) => (
              <Link key={n.key} component={RouterLink} to={pathOf(n.route)} sx={{ display: 'block' }} data-testid={`home-not-for-sale-${n.key}`}>
                {`${t(`not_for_sale_${n.key}`)}: ${formatCount(n.count, locale)}`}
              </Link>
            ))}
          </Alert>
        )}
      </Panel>,
    );
  }
  if (data.referral) {
    panels.push(
      <Panel key="referral" title={t('referral')} testId="home-referral">
        <Link component={RouterLink} to="/rms/distributeList" variant="h6" data-testid="home-referral-unpaid">{formatMoney(data.referral.unpaid, data.referral.currency, locale)}</Link>
      </Panel>,
    );
  }
  return (
    <>
      {panels.map((panel, i) => <Grid key={i} size={{ xs: 12, md: 6, lg: 4 }}>{panel}</Grid>)}
    </>
  );
};

export const HomeDashboard = () => {
  const translate = useTranslate();
  const locale = useIntlLocale();
  const query = useQuery({
    queryKey: ['home', 'summary'],
    queryFn: async ({ signal }) => (await apiFetch<HomeSummary>(HOME_API.summary, { signal })).data,
  });
  if (query.isPending) return <Skeleton variant="rounded" height={160} sx={{ mb: 3 }} />;
  if (query.isError) return <Alert severity="error" sx={{ mb: 3 }}>{translate('homeDashboard.loading_failed')}</Alert>;
  const data = query.data;
  const steps = data.gettingStarted;
  const starting = startsWithChecklist(steps);
  const dateLabel = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${data.today}T00:00:00Z`));
  return (
    <Box sx={{ mb: 3 }} data-testid="home-dashboard" data-today={data.today}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="home-time-zone">
        {translate('homeDashboard.time_zone', { zone: data.timeZone, date: dateLabel })}
      </Typography>
      <Grid container spacing={2}>
        {starting && steps && <Grid size={{ xs: 12, md: 6 }}><GettingStarted steps={steps} /></Grid>}
        {!starting && data.orders && <Grid size={{ xs: 12, md: 6 }}><TodayPanel orders={data.orders} /></Grid>}
        {data.pending.length > 0 && <Grid size={{ xs: 12, md: 6 }}><PendingPanel items={data.pending} /></Grid>}
        {!starting && data.orders && data.orders.currencies.length > 0 && (
          <Grid size={12}>
            <HomeCharts days={data.orders.days} currencies={data.orders.currencies} />
          </Grid>
        )}
        <Overviews data={data} />
        {!starting && steps && !(steps.vip && steps.invite) && <Grid size={{ xs: 12, md: 6, lg: 4 }}><GettingStarted steps={steps} /></Grid>}
      </Grid>
    </Box>
  );
};
