/**
 * The clock the signed-in admin's days, dates and session times are read on (`/admin/info`'s
 * `timeZone`): a seller's shop's zone, the platform's for staff. Screens that filter or judge by day
 * say which one they show; `now` is the wall clock there, for the reader's language.
 */
import { useAdminSession } from '../providers/useAdminSession';
import { useIntlLocale } from './locale';

export type CallerClock = { readonly zone: string; readonly source: 'shop' | 'platform'; readonly now: string };

/** The caller's zone and its wall clock now; null until the session is read or when the server does not say. */
export const useCallerClock = (): CallerClock | null => {
  const { session } = useAdminSession();
  const locale = useIntlLocale();
  if (!session?.timeZone) return null;
  const now = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: session.timeZone }).format(new Date());
  return { zone: session.timeZone, source: session.timeZoneSource ?? 'platform', now };
};
