/**
 * The flash sale list's own parts (its screen options): "set sessions" per sale and, above the list,
 * the way to the session list. Kept apart from ./flash.tsx, whose screens load only when opened:
 * the list's options are read with the area, and importing the screens' file here too kept them out
 * of their own chunk (Vite's INEFFECTIVE_DYNAMIC_IMPORT warning at every build).
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { useCallerClock } from '../../engine/callerClock';
import { LinkButton } from '../../engine/LinkButton';
import { routePath, withQuery } from '../../engine/routing';
import type { ScreenOptionsOf } from '../../engine/screenOptions';
import type { flashPromotion } from '../../schema/sms/flash';
import { flashSession } from '../../schema/sms/flash';

/** The sale list's row buttons: its sessions (mall's "set sessions"). */
const SaleRowLinks = () => {
  const record = useRecordContext();
  if (!record) return null;
  return <LinkButton label="flashSale.setSessions" to={withQuery(routePath('selectSession'), { flashPromotionId: record.id })} />;
};

/**
 * Whose clock the sales' dates and the sessions' times are read on: a seller's shop's zone, the
 * platform's for staff (each shop's buyers are still judged on their own shop's clock).
 */
export const FlashClockNote = (): ReactElement | null => {
  const translate = useTranslate();
  const clock = useCallerClock();
  if (!clock) return null;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="flash-time-zone" sx={{ mb: 1 }}>
      {translate(clock.source === 'shop' ? 'flashSale.timeZoneShop' : 'flashSale.timeZonePlatform', { zone: clock.zone, now: clock.now })}
    </Typography>
  );
};

/** Above the sale list: the clock it is read on, and the way to the sessions (a hidden route, as mall's "session list" button). */
const SaleListTop = () => (
  <Box sx={{ px: 1, pt: 1 }}>
    <FlashClockNote />
    <LinkButton label="flashSale.sessionList" to={routePath(flashSession.menu.route)} />
  </Box>
);

export const flashPromotionScreen: ScreenOptionsOf<typeof flashPromotion> = { rowActions: SaleRowLinks, listTop: SaleListTop };
