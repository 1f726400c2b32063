/**
 * Online PayPal on `/pay/index` (server/areas/vip/settle.ts): after the application, the server
 * makes the PayPal order and the browser goes to PayPal's approval page; PayPal sends the buyer back
 * to `/pay/index?paypal=return&token=<order id>`, where the page asks the server to capture (safe to
 * repeat: a reload answers "paid" again) and says how it went; `?paypal=cancel` says the application
 * waits and can be paid later from the list.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { httpClient } from '../../providers/httpClient';
import { paypalOrderPath, VIP_API } from '../../schema/vip/entities';

type PaypalStart = { payRecordId: number; orderId: string; approveUrl: string };
type PaypalSettlement = { payRecordId: number; status: 'paid' | 'pending' | 'refunded'; orderStatus: string };

/** Leaving for PayPal's page (an object, so a test without real navigation can watch it). */
export const paypalNavigation = { go: (url: string): void => { window.location.assign(url); } };

/** Makes the PayPal order of an unpaid PayPal application and goes to PayPal to approve it. */
export const usePayByPaypal = () => useMutation({
  mutationFn: async (payRecordId: number) => (await httpClient<PaypalStart>(paypalOrderPath(payRecordId), { method: 'POST' })).data,
  onSuccess: (start) => { paypalNavigation.go(start.approveUrl); },
});

/** The answer of PayPal's return, or the cancel note; nothing without either in the address. */
export const PaypalReturn = ({ onSettled }: { readonly onSettled: () => void }) => {
  const translate = useTranslate();
  const [search] = useSearchParams();
  const outcome = search.get('paypal');
  const token = search.get('token');
  const capture = useQuery({
    queryKey: ['vip', 'paypal', 'capture', token],
    queryFn: async () => (await httpClient<PaypalSettlement>(VIP_API.paypalCapture, { method: 'POST', body: { orderId: token } })).data,
    enabled: outcome === 'return' && !!token,
    retry: false,
    staleTime: Infinity,
  });
  const settled = capture.data?.status;
  // Once per answer: the level and the list are read again when PayPal's payment has settled.
  const latest = useRef(onSettled);
  latest.current = onSettled;
  useEffect(() => { if (settled) latest.current(); }, [settled]);
  if (outcome === 'cancel') return <Alert severity="info" data-paypal-outcome="cancel">{translate('vip.paypal.cancelled')}</Alert>;
  if (outcome !== 'return' || !token) return null;
  if (capture.isPending) return <LinearProgress aria-label={translate('vip.paypal.capturing')} />;
  if (capture.isError) {
    return (
      <Alert severity="error" data-paypal-outcome="error"
        action={<Button color="inherit" size="small" onClick={() => void capture.refetch()}>{translate('vip.retry')}</Button>}>
        {translate('vip.paypal.failed')}
      </Alert>
    );
  }
  if (settled === 'paid') return <Alert severity="success" data-paypal-outcome="paid">{translate('vip.paypal.paid')}</Alert>;
  return (
    <Alert severity="warning" data-paypal-outcome="pending"
      action={<Button color="inherit" size="small" onClick={() => void capture.refetch()}>{translate('vip.retry')}</Button>}>
      {translate('vip.paypal.pending')}
    </Alert>
  );
};
