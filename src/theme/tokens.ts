/**
 * Brand values used by both halves of the UI: the public pages' plain CSS (through the custom
 * properties below, set on <html> at startup) and the admin's MUI theme (which reads the
 * constants directly). Kept as plain values so the public entry does not load MUI to know them.
 */
export const colors = {
  primary: '#1e6fd9',
  primaryDark: '#1557b0',
  primaryContrast: '#ffffff',
  error: '#c62828',
  errorSurface: '#fdecea',
  success: '#2e7d32',
  successSurface: '#edf7ed',
  background: '#f2f5f9',
  surface: '#ffffff',
  text: '#1d2433',
  textMuted: '#5b6676',
  border: '#c9d1dc',
} as const;

/** Corner radii in px (MUI's `shape.borderRadius` takes the control radius as a number). */
export const radii = { control: 6, card: 12 } as const;

/** System fonts first, then CJK fonts so Chinese text never falls back to a random face. */
export const fontFamily =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "WenQuanYi Micro Hei", sans-serif';

/** The custom properties `src/pages/public/public.css` reads; `main.tsx` sets them before the first render. */
export const cssVariables: Readonly<Record<`--pub-${string}`, string>> = {
  '--pub-primary': colors.primary,
  '--pub-primary-dark': colors.primaryDark,
  '--pub-primary-contrast': colors.primaryContrast,
  '--pub-error': colors.error,
  '--pub-error-surface': colors.errorSurface,
  '--pub-success': colors.success,
  '--pub-success-surface': colors.successSurface,
  '--pub-bg': colors.background,
  '--pub-surface': colors.surface,
  '--pub-text': colors.text,
  '--pub-muted': colors.textMuted,
  '--pub-border': colors.border,
  '--pub-radius': `${radii.control}px`,
  '--pub-radius-card': `${radii.card}px`,
  '--pub-font': fontFamily,
};
