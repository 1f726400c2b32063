/**
 * The purchase page's choices: the periods on sale (price, struck list price) and the payment
 * channels (an unavailable one disabled with the reason), then what the buyer must do for the
 * chosen channel. Everything shown comes from `GET /vip/plans` (the declaration's plans and the
 * channels as the server's settings make them); only the words are the browser's.
 */
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { enumLabelKey } from '../../engine/blocks';
import { useIntlLocale } from '../../engine/locale';
import { formatMoney, toCents } from '../../schema/engine/money';
import type { EnumOption } from '../../schema/engine/entity';
import type { VipChannelInfo, VipPlansAnswer } from '../../schema/vip/entities';
import { payRecord } from '../../schema/vip/entities';

/** Dollars of the plans' answer as money text in the page's language. */
export const useMoneyText = (currency: string) => {
  const locale = useIntlLocale();
  return (amount: number) => formatMoney(toCents(amount), locale, currency);
};

export const planLabelKey = (plan: EnumOption) => enumLabelKey(payRecord, 'plan', plan);
export const channelLabelKey = (channel: { value: string }) => enumLabelKey(payRecord, 'channel', { value: channel.value, label: channel.value });

export const Section = ({ title, children, id }: { readonly title: string; readonly children: ReactNode; readonly id: string }) => (
  <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 1.5, sm: 2 } }}>
    <Typography id={id} variant="h6" component="h2" gutterBottom>{title}</Typography>
    {children}
  </Paper>
);

/** Stands in for the amount in the translated sentence, so only the amount is struck through, in either language's word order. */
const MARK = '\u0000';

const ListPrice = ({ text, price }: { readonly text: string; readonly price: string }) => {
  const [before = '', after = ''] = text.split(MARK);
  return <>{before}<s>{price}</s>{after}</>;
};

export const PlanPicker = ({ answer, value, onChange }: { readonly answer: VipPlansAnswer; readonly value: number | null; readonly onChange: (plan: number) => void }) => {
  const translate = useTranslate();
  const money = useMoneyText(answer.currency);
  return (
    <RadioGroup
      aria-labelledby="vip-plans"
      value={value === null ? '' : String(value)}
      onChange={(e) => onChange(Number(e.target.value))}
      // Two cards a row on a phone, three beside the sidebar, all six on a wide screen.
      sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', xl: 'repeat(6, minmax(0, 1fr))' } }}
    >
      {answer.plans.map((plan) => {
        const chosen = plan.value === value;
        return (
          <Paper key={plan.value} variant="outlined" data-plan={plan.value}
            sx={{ m: 0, borderWidth: 2, borderColor: chosen ? 'primary.main' : 'divider', bgcolor: chosen ? 'action.selected' : undefined }}>
            <FormControlLabel
              value={String(plan.value)}
              // A phone's card is half its width: a tighter radio and a smaller price keep a price such as
              // "US$1,440.00" on one line; a longer one still wraps inside the card, never past its edge.
              control={<Radio size="small" sx={{ p: { xs: 0.5, sm: 1 } }} />}
              sx={{ m: 0, p: 1, width: '100%', alignItems: 'flex-start', '& .MuiFormControlLabel-label': { minWidth: 0 } }}
              label={(
                <Box sx={{ pt: { xs: 0.25, sm: 0.75 }, minWidth: 0, overflowWrap: 'anywhere' }}>
                  <Typography variant="subtitle2" component="span" sx={{ display: 'block' }}>{translate(planLabelKey(plan))}</Typography>
                  <Typography variant="h6" component="span" data-plan-price sx={{ display: 'block', fontSize: { xs: '1rem', sm: '1.25rem' } }}>{money(plan.price)}</Typography>
                  <Typography variant="caption" component="span" color="text.secondary" sx={{ display: 'block' }} data-list-price>
                    <ListPrice text={translate('vip.list_price', { price: MARK })} price={money(plan.listPrice)} />
                  </Typography>
                </Box>
              )}
            />
          </Paper>
        );
      })}
    </RadioGroup>
  );
};


export const ChannelPicker = ({ channels, value, onChange }: { readonly channels: readonly VipChannelInfo[]; readonly value: string | null; readonly onChange: (channel: string) => void }) => {
  const translate = useTranslate();
  return (
    <RadioGroup aria-labelledby="vip-channel" value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
      {channels.map((channel) => (
        <FormControlLabel
          key={channel.value}
          value={channel.value}
          disabled={!channel.available}
          control={<Radio size="small" />}
          data-channel={channel.value}
          sx={{ alignItems: 'flex-start', mr: 0, '& .MuiFormControlLabel-label': { pt: 1 } }}
          label={(
            <span>
              {translate(channelLabelKey(channel))}
              {!channel.available && (
                <Typography variant="caption" component="span" color="text.secondary" sx={{ display: 'block' }}>
                  {`${translate('vip.unavailable')}: ${translate('vip.unavailable_setup')}`}
                </Typography>
              )}
            </span>
          )}
        />
      ))}
    </RadioGroup>
  );
};

/** A value the buyer copies (account, wallet address): monospaced and wrapped anywhere on a phone. */
const Copyable = ({ text }: { readonly text: string }) => (
  <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{text}</Typography>
);

/** What the buyer does for the chosen channel, with the amount of the chosen period. */
export const HowToPay = ({ channel, amount }: { readonly channel: VipChannelInfo; readonly amount: string | null }) => {
  const translate = useTranslate();
  const steps: ReactNode[] = [];
  switch (channel.value) {
    case 'bank':
      steps.push(<Typography key="how" variant="body2">{translate(channel.bankAccount ? 'vip.how.bank' : 'vip.how.bank_ask')}</Typography>);
      if (channel.bankAccount) steps.push(<Copyable key="account" text={translate('vip.how.bank_account', { account: channel.bankAccount })} />);
      break;
    case 'paypal_offline':
      steps.push(<Typography key="how" variant="body2">{translate('vip.how.paypal_offline')}</Typography>);
      if (channel.paypalAccount) steps.push(<Copyable key="account" text={translate('vip.how.paypal_account', { account: channel.paypalAccount })} />);
      break;
    case 'blockchain':
      steps.push(<Typography key="how" variant="body2">{translate('vip.how.blockchain')}</Typography>);
      if (channel.blockchainNetwork) steps.push(<Copyable key="network" text={translate('vip.how.network', { network: channel.blockchainNetwork })} />);
      if (channel.walletAddress) steps.push(<Copyable key="wallet" text={translate('vip.how.wallet', { address: channel.walletAddress })} />);
      break;
    case 'paypal':
    case 'alipay':
    case 'wechat':
      steps.push(<Typography key="how" variant="body2">{translate(`vip.how.${channel.value}`)}</Typography>);
      break;
    case 'cash':
    case 'other':
      steps.push(<Typography key="how" variant="body2">{translate(`vip.how.${channel.value}`)}</Typography>);
      break;
    default:
      steps.push(<Typography key="how" variant="body2">{translate('vip.unavailable_online')}</Typography>);
  }
  // The demo's stand-in plays the provider: said plainly, so nobody thinks money moves.
  if (channel.demo) steps.push(<Typography key="demo" variant="body2" color="warning.main" data-demo-channel>{translate('vip.how.demo')}</Typography>);
  return (
    <Stack spacing={0.5} data-how-to-pay={channel.value}>
      {amount !== null && <Typography variant="subtitle1" component="p">{translate('vip.amount_due', { amount })}</Typography>}
      {steps}
    </Stack>
  );
};
