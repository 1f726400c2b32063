/**
 * A short device summary of a User-Agent for click records ("Chrome / Android / mobile"): enough
 * to tell visitors' devices apart on the click list, never the whole header (the issue: a public
 * endpoint stores no more than it needs).
 */
import { DEVICE_SUMMARY_MAX } from '../../../src/schema/referral/entities';

const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'], [/\bOPR\/|\bOpera\b/, 'Opera'], [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bMicroMessenger\//, 'WeChat'], [/\bFirefox\/|\bFxiOS\//, 'Firefox'], [/\bChrome\/|\bCriOS\//, 'Chrome'],
  [/\bSafari\//, 'Safari'], [/\bcurl\//i, 'curl'], [/bot|crawler|spider/i, 'Bot'],
];
const SYSTEMS: readonly [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'], [/\biPhone\b|\biPad\b|\biPod\b/, 'iOS'], [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'], [/\bCrOS\b/, 'ChromeOS'], [/\bLinux\b/, 'Linux'],
];

const first = (table: readonly [RegExp, string][], ua: string): string | undefined => table.find(([pattern]) => pattern.test(ua))?.[1];

export const deviceSummary = (userAgent: string | undefined): string | null => {
  const ua = (userAgent ?? '').slice(0, 1000);
  if (!ua.trim()) return null;
  const kind = /\biPad\b|\bTablet\b/.test(ua) ? 'tablet' : /\bMobi|\biPhone\b|\bAndroid\b/.test(ua) ? 'mobile' : 'desktop';
  const parts = [first(BROWSERS, ua) ?? 'Other', first(SYSTEMS, ua) ?? 'Other', kind];
  return parts.join(' / ').slice(0, DEVICE_SUMMARY_MAX);
};
