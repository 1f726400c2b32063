/**
 * The admin's MUI theme: react-admin's light theme with the brand values of ./tokens.ts (shared
 * with the public pages, so signing in and the admin look like one product).
 */
import type { RaThemeOptions } from 'react-admin';
import { defaultLightTheme } from 'react-admin';
import { colors, fontFamily, radii } from './tokens';

/** The desktop sidebar's widths in px (open, and collapsed to icons). */
export const SIDEBAR_WIDTH = 240;
export const SIDEBAR_CLOSED_WIDTH = 56;

export const muiTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    ...defaultLightTheme.palette,
    primary: { main: colors.primary, dark: colors.primaryDark, contrastText: colors.primaryContrast },
    // The app bar uses `secondary`: a dark slate bar under which the brand blue stands out.
    secondary: { main: '#1d2433', contrastText: '#ffffff' },
    error: { main: colors.error },
    success: { main: colors.success },
    background: { default: colors.background, paper: colors.surface },
    text: { primary: colors.text, secondary: colors.textMuted },
    divider: colors.border,
  },
  shape: { borderRadius: radii.control },
  typography: { ...defaultLightTheme.typography, fontFamily },
  sidebar: { width: SIDEBAR_WIDTH, closedWidth: SIDEBAR_CLOSED_WIDTH },
  components: {
    ...defaultLightTheme.components,
    MuiCard: { styleOverrides: { root: { borderRadius: radii.card } } },
    // Column titles never break inside a word (排|序, 是否启|用): Chinese has no spaces to wrap at.
    MuiTableCell: {
      ...defaultLightTheme.components?.MuiTableCell,
      styleOverrides: {
        ...defaultLightTheme.components?.MuiTableCell?.styleOverrides,
        head: { whiteSpace: 'nowrap', wordBreak: 'keep-all' },
      },
    },
  },
};
