/**
 * `/rms/link`: the seller's invite link and code (`GET /rms/link`, the code made on first visit),
 * each with a copy button, and the link's QR code for phones. The link is built on this page's own
 * origin, so it opens the admin the seller is using. The QR library (`qrcode`, ~25 KB) is loaded
 * only by this page, when it has a link to draw, so neither the login page nor the admin's entry
 * carries it; if it cannot be loaded the page works without the picture.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FocusEvent } from 'react';
import { Loading, useTranslate } from 'react-admin';
import { PageFrame } from '../../ui/PageFrame';
import { QrCode } from '../../ui/QrCode';
import { apiFetch } from '../../providers/api';
import type { InviteLink } from '../../schema/referral/entities';
import { inviteLinkOf } from '../../schema/referral/entities';

type CopyState = 'idle' | 'copied' | 'failed';

const CopyRow = ({ label, value, name }: { label: string; value: string; name: string }) => {
  const translate = useTranslate();
  const [state, setState] = useState<CopyState>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <Stack spacing={1}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <MuiTextField label={label} name={name} value={value} fullWidth size="small"
          slotProps={{ htmlInput: { readOnly: true, onFocus: (e: FocusEvent<HTMLInputElement>) => e.currentTarget.select() } }} />
        <Button variant="outlined" onClick={() => void copy()} aria-label={`${translate('referral.copy')}: ${label}`} sx={{ flexShrink: 0 }}>
          {state === 'copied' ? translate('referral.copied') : translate('referral.copy')}
        </Button>
      </Stack>
      {state === 'failed' && <Alert severity="warning">{translate('referral.copy_failed')}</Alert>}
    </Stack>
  );
};

export const InviteLinkScreen = () => {
  const translate = useTranslate();
  const query = useQuery({
    queryKey: ['rms', 'link'],
    queryFn: async ({ signal }) => (await apiFetch<InviteLink>('/rms/link', { signal })).data,
  });
  return (
    // The route table's name of the page, as every page's heading (tests/ui/shell-page-titles.test.tsx).
    <PageFrame title={translate('menu.link')}>
      <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
        {query.isPending ? <Loading /> : query.isError || typeof query.data?.code !== 'string' ? (
          <Alert severity="error">{query.error instanceof Error ? query.error.message : translate('ra.notification.http_error')}</Alert>
        ) : (
          <Stack spacing={3}>
            <Typography>{translate('referral.intro')}</Typography>
            <CopyRow name="link" label={translate('referral.link')} value={inviteLinkOf(window.location.origin, query.data.code)} />
            <CopyRow name="code" label={translate('referral.code')} value={query.data.code} />
            <QrCode text={inviteLinkOf(window.location.origin, query.data.code)} label={translate('referral.qr')} />
          </Stack>
        )}
      </Paper>
    </PageFrame>
  );
};
