/**
 * Alipay (and WeChat Pay) on `/pay/index`, on the server's online adapter contract
 * (server/areas/vip/online.ts): after the application, the server starts the provider's payment and
 * answers where the buyer goes (Alipay's page) or the text of a QR code to scan; the provider's
 * signed notify settles the application on the server. Alipay sends the buyer back to
 * `/pay/index?alipay=return&…`, where the page says so and reads the applications again.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { QrCode } from '../../pages/shared/QrCode';
import { httpClient } from '../../providers/httpClient';
import { onlinePaymentPath, PAY_STATUS, payRecord } from '../../schema/vip/entities';
import { paypalNavigation } from './paypalFlow';

export type OnlineChannel = 'alipay' | 'wechat';
export type OnlineStart = { payRecordId: number; channel: OnlineChannel; tradeNo: string; payUrl?: string; codeUrl?: string; simulateUrl?: string };

/** Whether a channel is paid on the adapter contract (not PayPal, which has its own flow). */
export const isOnlineChannel = (value: unknown): value is OnlineChannel => value === 'alipay' || value === 'wechat';

/**
 * Starts the payment of an unpaid application: a provider's page (Alipay) is gone to at once; a QR
 * code (WeChat Pay) is shown in a dialog (`dialog`, to be rendered by the caller) until paid or closed.
 * `onSettled`: the level and the applications are read again once the payment is confirmed.
 */
export const usePayOnline = (onSettled?: () => void): ReturnType<typeof useStart> & { dialog: ReactNode } => {
  const [code, setCode] = useState<OnlineStart | null>(null);
  const start = useStart(setCode);
  const dialog = code ? <WechatCodeDialog start={code} onClose={() => setCode(null)} onPaid={() => onSettled?.()} /> : null;
  return Object.assign(start, { dialog });
};

const useStart = (onCode: (start: OnlineStart) => void) => useMutation({
  mutationFn: async ({ channel, id }: { channel: OnlineChannel; id: number }) =>
    (await httpClient<OnlineStart>(onlinePaymentPath(channel, id), { method: 'POST' })).data,
  onSuccess: (start) => {
    if (start.payUrl) paypalNavigation.go(start.payUrl);
    else if (start.codeUrl) onCode(start);
  },
});

/** The stand-in's "scan" (demo only: no phone can scan a demo code); it posts WeChat Pay's notify to the server. */
const simulateScan = async (start: OnlineStart): Promise<void> => {
  const response = await fetch(start.simulateUrl!, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ codeUrl: start.codeUrl }) });
  if (!response.ok) throw new Error(`simulated scan: HTTP ${response.status}`);
};

/** The WeChat Pay code to scan; the application is read every two seconds until it is paid. */
const WechatCodeDialog = ({ start, onClose, onPaid }: { readonly start: OnlineStart; readonly onClose: () => void; readonly onPaid: () => void }) => {
  const translate = useTranslate();
  const status = useQuery({
    queryKey: ['vip', 'online', 'status', start.payRecordId],
    queryFn: async ({ signal }) => (await httpClient<{ status?: number }>(`${payRecord.path}/${start.payRecordId}`, { signal })).data,
    refetchInterval: (query) => (query.state.data?.status === PAY_STATUS.paid ? false : 2000),
  });
  const paid = status.data?.status === PAY_STATUS.paid;
  const scan = useMutation({ mutationFn: () => simulateScan(start), onSuccess: () => { void status.refetch(); } });
  const latest = useRef(onPaid);
  latest.current = onPaid;
  useEffect(() => { if (paid) latest.current(); }, [paid]);
  return (
    <Dialog open onClose={onClose} aria-labelledby="wechat-pay-title" data-wechat-code={start.codeUrl}>
      <DialogTitle id="wechat-pay-title">{translate('vip.wechat.title')}</DialogTitle>
      <DialogContent>
        {paid ? <Alert severity="success" data-online-outcome="wechat-paid">{translate('vip.wechat.paid')}</Alert> : (
          <Stack spacing={2} sx={{ alignItems: 'center' }}>
            <Typography variant="body2">{translate('vip.wechat.scan')}</Typography>
            {/* A block of its own: the code keeps the size it has on the invite link page, centred here. */}
            <Box sx={{ width: '100%', textAlign: 'center' }}><QrCode text={start.codeUrl ?? ''} label={translate('vip.wechat.qr')} /></Box>
            <LinearProgress aria-label={translate('vip.wechat.waiting')} sx={{ width: '100%' }} />
            {start.simulateUrl && (
              <>
                <Typography variant="body2" color="warning.main">{translate('vip.wechat.simulate_hint')}</Typography>
                <Button variant="contained" disabled={scan.isPending} onClick={() => scan.mutate()}>{translate('vip.wechat.simulate')}</Button>
                {scan.isError && <Alert severity="error" role="alert">{translate('vip.wechat.simulate_failed')}</Alert>}
              </>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('vip.wechat.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};

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
