/**
 * Alipay (and WeChat Pay) on `/pay/index`, on the server's online adapter contract
 * (server/areas/vip/online.ts): after the application, the server starts the provider's payment and
 * answers where the buyer goes (Alipay's page) or the text of a QR code to scan; the provider's
 * signed notify settles the application on the server. Alipay sends the buyer back to
 * `/pay/index?alipay=return&…`, where the page says so and reads the applications again.
 */
import Alert from '@mui/material/Alert';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { httpClient } from '../../providers/httpClient';
import { onlinePaymentPath } from '../../schema/vip';
import { paypalNavigation } from './paypalFlow';

export type OnlineChannel = 'alipay' | 'wechat';
export type OnlineStart = { payRecordId: number; channel: OnlineChannel; tradeNo: string; payUrl?: string; codeUrl?: string };

/** Whether a channel is paid on the adapter contract (not PayPal, which has its own flow). */
export const isOnlineChannel = (value: unknown): value is OnlineChannel => value === 'alipay' || value === 'wechat';

/** Starts the payment of an unpaid application; a page to go to is gone to at once, a QR code's text is answered to show. */
export const usePayOnline = (onCode?: (start: OnlineStart) => void) => useMutation({
  mutationFn: async ({ channel, id }: { channel: OnlineChannel; id: number }) =>
    (await httpClient<OnlineStart>(onlinePaymentPath(channel, id), { method: 'POST' })).data,
  onSuccess: (start) => {
    if (start.payUrl) paypalNavigation.go(start.payUrl);
    else if (start.codeUrl) onCode?.(start);
  },
});

/** The note of Alipay's return; the applications are read again once. */
export const OnlineReturn = ({ onReturned }: { readonly onReturned: () => void }) => {
  const translate = useTranslate();
  const [search] = useSearchParams();
  const returned = search.get('alipay') === 'return';
  const latest = useRef(onReturned);
  latest.current = onReturned;
  useEffect(() => { if (returned) latest.current(); }, [returned]);
  if (!returned) return null;
  return <Alert severity="info" data-online-outcome="alipay">{translate('vip.online.returned.alipay')}</Alert>;
};
