/**
 * `/pay/index`: a seller buys VIP. The seller's level and expiry
 * and latest applications; the six periods with price and struck list price; the payment channels
 * (an unavailable one disabled with the reason); for the chosen channel what to pay to and the
 * reference the administrator finds the payment by. Submitting is the pay record's create
 * (`POST /vip/apply`); the server decides everything (amount, one pending application at a time:
 * "Have repeated submit application"), and its refusal is shown where it applies.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Loading, useCreate, useNotify, useTranslate } from 'react-admin';
import { PageFrame } from '../../ui/PageFrame';
import { ApiError } from '../../providers/api';
import { httpClient } from '../../providers/httpClient';
import type { VipPlansAnswer } from '../../schema/vip/entities';
import { payChannelOf, payRecord, VIP_API, VIP_CURRENCY } from '../../schema/vip/entities';
import { ChannelPicker, HowToPay, PlanPicker, Section, useMoneyText } from './payChoices';
import { isOnlineChannel, OnlineReturn, usePayOnline } from './onlineFlow';
import { PaypalReturn, usePayByPaypal } from './paypalFlow';
import { MyApplications, useMyApplications, useVipStatus, VipLevel } from './VipStatus';

/** The longest reference the declaration accepts. */
const REFERENCE_MAX = payRecord.fields.reference.length?.[1];

type Problems = { reference?: string; form?: string };

/** An answer without both lists (another server, a proxy's page) is a failed load, not a broken page. */
const isPlansAnswer = (data: unknown): data is VipPlansAnswer => {
  const answer = data as Partial<VipPlansAnswer> | null;
  return !!answer && Array.isArray(answer.plans) && Array.isArray(answer.channels);
};

const usePlans = () => useQuery({
  queryKey: ['vip', 'plans'],
  queryFn: async ({ signal }) => {
    const { data } = await httpClient<unknown>(VIP_API.plans, { signal });
    if (!isPlansAnswer(data)) throw new Error(`${VIP_API.plans}: unexpected answer`);
    return data;
  },
});

const ApplyForm = ({ answer, onApplied }: { readonly answer: VipPlansAnswer; readonly onApplied: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const money = useMoneyText(answer.currency);
  const [create, { isPending }] = useCreate();
  const payByPaypal = usePayByPaypal();
  const payOnline = usePayOnline(onApplied);
  const available = answer.channels.filter((c) => c.available);
  const [plan, setPlan] = useState<number | null>(answer.plans[0]?.value ?? null);
  const [channelValue, setChannelValue] = useState<string | null>(available[0]?.value ?? null);
  const [reference, setReference] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const chosenPlan = answer.plans.find((p) => p.value === plan) ?? null;
  const channel = answer.channels.find((c) => c.value === channelValue && c.available) ?? null;
  const declared = payChannelOf(channel?.value);
  // An online channel is paid on the provider's page: nothing to enter here.
  const online = !!declared?.online;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosenPlan || !channel) return;
    const text = reference.trim();
    // The server's rule too (server/areas/vip/hooks.ts); said here before anything is sent.
    if (declared?.needsReference && !text) {
      setProblems({ reference: translate('errors.required') });
      return;
    }
    setProblems({});
    create(payRecord.name, { data: { plan: chosenPlan.value, channel: channel.value, ...(text && !online ? { reference: text } : {}) } }, {
      onSuccess: (record) => {
        setReference('');
        onApplied();
        // On to PayPal to approve; the application stays listed (and payable) if the buyer turns back.
        if (channel.value === 'paypal') payByPaypal.mutate(Number(record.id));
        else if (isOnlineChannel(channel.value)) payOnline.mutate({ channel: channel.value, id: Number(record.id) });
        else notify('vip.submitted', { type: 'success' });
      },
      onError: (error) => {
        // The error toast has said it already; the page keeps it beside the form, by field where it names one.
        if (!(error instanceof ApiError)) return;
        const message = (key: string | undefined, fallback: string) => (key ? translate(`errors.${key}`, { _: fallback }) : fallback);
        const referenceError = error.errors.find((e) => e.field === 'reference');
        const formErrors = error.errors.filter((e) => e.field !== 'reference');
        setProblems({
          ...(referenceError ? { reference: message(referenceError.messageKey, referenceError.message) } : {}),
          ...(formErrors.length > 0 || !referenceError ? { form: message(formErrors[0]?.messageKey ?? error.messageKey, formErrors[0]?.message ?? error.message) } : {}),
        });
        // A refused repeat means an application is pending: show it.
        if (error.messageKey === 'repeated_application') onApplied();
      },
    });
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label={translate('vip.submit')}>
      <Section id="vip-plans" title={translate('vip.plans')}>
        {answer.plans.length === 0
          ? <Alert severity="info">{translate('vip.no_plans')}</Alert>
          : <PlanPicker answer={answer} value={plan} onChange={setPlan} />}
      </Section>
      <Section id="vip-channel" title={translate('vip.channel')}>
        {available.length === 0 && <Alert severity="warning" sx={{ mb: 1 }}>{translate('vip.no_channels')}</Alert>}
        <ChannelPicker channels={answer.channels} value={channel?.value ?? null} onChange={(value) => { setChannelValue(value); setProblems({}); }} />
      </Section>
      {channel && (
        <Section id="vip-how" title={translate('vip.how_to_pay')}>
          <Stack spacing={2}>
            <HowToPay channel={channel} amount={chosenPlan ? money(chosenPlan.price) : null} />
            {!online && <MuiTextField
              label={translate('vip.reference')}
              value={reference}
              onChange={(e) => { setReference(e.target.value); setProblems((p) => ({ ...p, reference: undefined })); }}
              required={!!declared?.needsReference}
              error={!!problems.reference}
              helperText={problems.reference ?? translate(`vip.reference_hint.${channel.value}`, { _: '' })}
              slotProps={{ htmlInput: { maxLength: REFERENCE_MAX } }}
              fullWidth
            />}
          </Stack>
        </Section>
      )}
      {problems.form && <Alert severity="error" role="alert" data-apply-error>{problems.form}</Alert>}
      {payByPaypal.isError && <Alert severity="error" role="alert" data-apply-error>{translate('vip.paypal.start_failed')}</Alert>}
      {payOnline.isError && <Alert severity="error" role="alert" data-apply-error>{translate('vip.online.start_failed')}</Alert>}
      {payOnline.dialog}
      <Button type="submit" variant="contained" size="large" disabled={!chosenPlan || !channel || isPending || payByPaypal.isPending || payOnline.isPending}
        sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}>
        {translate(channel?.value === 'paypal' ? 'vip.paypal.submit' : isOnlineChannel(channel?.value) ? `vip.online.submit.${channel.value}` : 'vip.submit')}
      </Button>
    </Stack>
  );
};

export const PayIndexScreen = () => {
  const translate = useTranslate();
  const plans = usePlans();
  const status = useVipStatus();
  const applications = useMyApplications(status);
  const refresh = () => {
    void status.refetch();
    void applications.refetch();
  };

  return (
    <PageFrame title={translate('menu.payIndex')}>
      <Stack spacing={2} sx={{ maxWidth: 1100 }}>
        <Typography color="text.secondary">{translate('vip.intro')}</Typography>
        <PaypalReturn onSettled={refresh} />
        <OnlineReturn onReturned={refresh} />
        <Section id="vip-status" title={translate('vip.status_title')}>
          <Stack spacing={2}>
            <VipLevel status={status} />
            {status.isSuccess && (
              <>
                <Typography variant="subtitle2" component="h3">{translate('vip.applications')}</Typography>
                <MyApplications applications={applications} currency={plans.data?.currency ?? VIP_CURRENCY} />
              </>
            )}
          </Stack>
        </Section>
        {/* The super admin (every resource) opens and manages any shop without VIP: offered no purchase. */}
        {status.data?.resources?.includes('/**') ? <Alert severity="info">{translate('vip.staff_no_purchase')}</Alert>
          : plans.isPending ? <Loading /> : plans.isError || !plans.data ? (
          <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void plans.refetch()}>{translate('vip.retry')}</Button>}>
            {translate('vip.load_failed')}
          </Alert>
        ) : <ApplyForm answer={plans.data} onApplied={refresh} />}
      </Stack>
    </PageFrame>
  );
};
