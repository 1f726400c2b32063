/**
 * Buttons keep their names on a phone. react-admin's <Button> (and every button built on it:
 * Export, Add filter, Columns, the declared actions, Delete) draws only its icon below MUI's `sm`
 * breakpoint, so a phone showed rows of identical ▶ icons. Under this provider its small-screen
 * test (`theme.breakpoints.down('sm')`) never matches: buttons show icon and name, and wrap where
 * they do not fit. Only `down('sm')` changes; every other breakpoint (dialog widths, grids) is the theme's.
 */
import type { Theme } from '@mui/material/styles';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';

/** A media query no screen matches. */
const NEVER = '@media (max-width:0px)';

const showNames = (theme: Theme): Theme => {
  const { down } = theme.breakpoints;
  return { ...theme, breakpoints: { ...theme.breakpoints, down: (key) => (key === 'sm' ? NEVER : down(key)) } };
};

export const ButtonsShowNames = ({ children }: { readonly children: ReactNode }) => (
  <ThemeProvider theme={showNames}>{children}</ThemeProvider>
);
