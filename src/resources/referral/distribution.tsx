/**
 * `/rms/distributeList` and `/rms/rewardList`: the generated lists of distribution records and
 * reward payments (owner-bound: a seller sees its own), each with a link to the other. Above the
 * distribution records an administrator sees the ratios in force (`GET /rms/ratio`); setting one
 * is the declared action's toolbar button, recording a payment the reward list's.
 */
import Payments from '@mui/icons-material/Payments';
import Receipt from '@mui/icons-material/ReceiptLong';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MouseEvent, ReactNode } from 'react';
import { useCanAccess, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useActionQuery } from '../../engine/actionQueries';
import { LinkButton } from '../../engine/LinkButton';
import { dialogHash, routePath } from '../../engine/routing';
import type { ScreenOptionsOf } from '../../engine/screenOptions';
import { actionOperation } from '../../schema/access';
import { RATIO_FORMAT } from '../../schema/engine/money';
import type { DistributionRatios } from '../../schema/referral/entities';
import { distributionRecord, referralReward } from '../../schema/referral/entities';

const LinkTo = ({ route, label, icon }: { readonly route: string; readonly label: string; readonly icon: ReactNode }) => {
  const { canAccess } = useCanAccess({ resource: route, action: 'list' });
  if (!canAccess) return null;
  return <LinkButton label={label} to={routePath(route)}>{icon}</LinkButton>;
};

const percent = (locale: string, ratio: number) => new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-US', RATIO_FORMAT).format(ratio);

/** The ratios in force, for those who may read them (administrators). */
const RatioSummary = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { canAccess } = useCanAccess({ resource: distributionRecord.name, action: actionOperation('ratio') });
  const query = useActionQuery<DistributionRatios>(distributionRecord, { name: 'ratio' }, { enabled: canAccess === true });
  if (!canAccess || !query.data || typeof query.data.ratio !== 'number') return null;
  const { ratio, overrides } = query.data;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label={translate('referral.ratios')}>
      <Stack spacing={1}>
        <Typography variant="subtitle1">{translate('referral.ratios')}</Typography>
        <Typography data-testid="global-ratio">{translate('referral.global_ratio', { ratio: percent(locale, ratio) })}</Typography>
        <Typography variant="body2" color="text.secondary">{translate(overrides.length ? 'referral.own_ratios' : 'referral.no_own_ratios')}</Typography>
        {overrides.length > 0 && (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {overrides.map((o) => <Chip key={o.referrerId} label={`${o.referrerName ?? `#${o.referrerId}`}: ${percent(locale, o.ratio)}`} />)}
          </Stack>
        )}
        <Typography variant="body2" color="text.secondary">{translate('referral.ratio_help')}</Typography>
      </Stack>
    </Paper>
  );
};

const DistributionHeader = () => (
  <Stack spacing={2} sx={{ mt: 2 }}>
    <RatioSummary />
    <Box><LinkTo route={referralReward.menu.route} label="referral.to_rewards" icon={<Payments />} /></Box>
  </Stack>
);

const RewardHeader = () => (
  <Box sx={{ mt: 2 }}><LinkTo route={distributionRecord.menu.route} label="referral.to_distribution" icon={<Receipt />} /></Box>
);

const keep = (event: MouseEvent) => event.stopPropagation();

/**
 * The VIP payment a record rewards, as a link to that payment's page ("View payment"; its name
 * for a screen reader says which), never a bare "4" or "#4": a pay record has no number a person
 * knows, and its seller and amount are this row's own columns.
 */
const PayRecordCell = ({ name }: { readonly name: string }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const id = Number(record?.[name]);
  if (!Number.isInteger(id) || id <= 0) return null;
  return (
    <Link component={RouterLink} to={`${routePath('payRecord')}${dialogHash({ mode: 'show', id })}`} onClick={keep}
      aria-label={translate('referral.pay_record_link', { id })}>
      {translate('referral.pay_record_open')}
    </Link>
  );
};

export const distributionScreen: ScreenOptionsOf<typeof distributionRecord> = { listHeader: DistributionHeader, cells: { payRecordId: PayRecordCell } };
export const rewardScreen: ScreenOptionsOf<typeof referralReward> = { listHeader: RewardHeader };
