/**
 * Days and wall clocks in an IANA time zone (a shop's, or the server's `TZ` as Node resolves it):
 * the date there at an instant, and the UTC instant a date (or a time of day on it) starts at,
 * daylight-saving changes included (a day may last 23 or 25 hours).
 */

/** The IANA zone Node runs in (the `TZ` environment variable, else the system's). */
export const serverTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

const formats = new Map<string, Intl.DateTimeFormat>();
const formatOf = (zone: string): Intl.DateTimeFormat => {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formats.set(zone, format);
  }
  return format;
};

const partsOf = (zone: string, ms: number): Record<string, number> =>
  Object.fromEntries(formatOf(zone).formatToParts(new Date(ms)).filter((p) => p.type !== 'literal').map((p) => [p.type, Number(p.value)]));

/** How far the zone's wall clock is ahead of UTC at `ms`, in ms. */
const offsetAt = (zone: string, ms: number): number => {
  const p = partsOf(zone, ms);
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - (ms - (((ms % 1000) + 1000) % 1000));
};

/** The zone's date at `ms` (YYYY-MM-DD). */
export const localDate = (zone: string, ms: number): string => {
  const p = partsOf(zone, ms);
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
};

/**
 * The UTC instant (ms) at which the zone's wall clock reads `time` (HH:mm[:ss]) on `date`
 * (YYYY-MM-DD); a time a daylight-saving change skips or repeats lands on one of its readings.
 */
export const wallClockMs = (zone: string, date: string, time = '00:00:00'): number => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh = 0, mm = 0, ss = 0] = time.split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d, hh, mm, ss);
  // The offset is read at the guess, then again where that lands (the two differ only across a change).
  const first = wall - offsetAt(zone, wall);
  return wall - offsetAt(zone, first);
};

/** The UTC instant (ms) at which `date` (YYYY-MM-DD) starts in the zone. */
export const dayStartMs = (zone: string, date: string): number => wallClockMs(zone, date);

/** The zone's date and time of day at `ms` (`YYYY-MM-DD`, `HH:mm:ss`). */
export const wallClockAt = (zone: string, ms: number): { date: string; time: string } => {
  const p = partsOf(zone, ms);
  const two = (n: number | undefined) => String(n).padStart(2, '0');
  return { date: localDate(zone, ms), time: `${two(p.hour)}:${two(p.minute)}:${two(p.second)}` };
};

/** The date `n` days after `date` (n may be negative). */
export const addDays = (date: string, n: number): string => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};

/** The first day of `date`'s month, and of the month before it. */
export const monthStart = (date: string): string => `${date.slice(0, 7)}-01`;
export const previousMonthStart = (date: string): string => {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 10);
};
