/**
 * The buttons of a list row's actions cell, kept light: the 100-row product list paints in 250 ms.
 * react-admin's `Button` costs each row a media query, its theme props and two styled layers
 * (RaButton over MuiButton over ButtonBase with its ripple); a desktop table of 100 rows with two
 * buttons each spent about a fifth of its render on them. Inside the desktop table's actions cell
 * (`RowCellContext`, set by src/engine/EntityList.tsx) `RowButton` is a plain `<button>` or link
 * with the same label, icon and accessible name, styled once by the table (`rowButtonSx`) to look
 * as MUI's small text button; anywhere else (the phone's cards, the show view, toolbars) it is
 * react-admin's `Button`, as before.
 */
import type { Theme } from '@mui/material/styles';
import { alpha } from '@mui/material/styles';
import type { MouseEvent, ReactNode } from 'react';
import { createContext, useContext } from 'react';
import { Button, LinkBase, useTranslate } from 'react-admin';

const ROW_BUTTON_CLASS = 'engine-row-button';
const ERROR_CLASS = 'engine-row-button-error';

/** True inside a desktop list row's actions cell. */
export const RowCellContext = createContext(false);

type RowButtonProps = {
  /** A translation key (or text), as react-admin's `Button` takes it. */
  readonly label: string;
  readonly onClick?: (event: MouseEvent<HTMLElement>) => void;
  /** The icon. */
  readonly children?: ReactNode;
  readonly color?: 'primary' | 'error';
  readonly disabled?: boolean;
  readonly className?: string;
  /** A router path: the button is a link (a real `href`). */
  readonly to?: string;
};

export const RowButton = ({ label, onClick, children, color = 'primary', disabled, className, to }: RowButtonProps) => {
  const inRow = useContext(RowCellContext);
  const translate = useTranslate();
  if (!inRow) {
    return to === undefined
      ? <Button label={label} onClick={onClick} color={color} disabled={disabled} className={className}>{children}</Button>
      : <Button component={LinkBase} to={to} label={label} onClick={onClick} color={color} disabled={disabled} className={className}>{children}</Button>;
  }
  const text = translate(label, { _: label });
  const classes = [ROW_BUTTON_CLASS, color === 'error' ? ERROR_CLASS : '', className ?? ''].filter(Boolean).join(' ');
  const content = <>{children && <span aria-hidden className={`${ROW_BUTTON_CLASS}-icon`}>{children}</span>}{text}</>;
  return to === undefined
    ? <button type="button" className={classes} onClick={onClick} disabled={disabled} aria-label={text}>{content}</button>
    : <LinkBase to={to} className={classes} onClick={onClick} aria-label={text}>{content}</LinkBase>;
};

/** The row buttons' look (MUI's small text button, react-admin's line height), set once on the table. */
export const rowButtonSx = {
  [`& .${ROW_BUTTON_CLASS}`]: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    boxSizing: 'border-box',
    minWidth: 64,
    margin: 0,
    px: '5px',
    py: '2px',
    border: 0,
    borderRadius: 1,
    bgcolor: 'transparent',
    color: 'primary.main',
    typography: 'button',
    fontSize: '0.8125rem',
    lineHeight: 1.5,
    textDecoration: 'none',
    cursor: 'pointer',
    userSelect: 'none',
    verticalAlign: 'middle',
    outline: 0,
    transition: (theme: Theme) => theme.transitions.create(['background-color', 'color'], { duration: theme.transitions.duration.short }),
    '&:hover': { bgcolor: (theme: Theme) => alpha(theme.palette.primary.main, theme.palette.action.hoverOpacity) },
    '&:focus-visible': { bgcolor: (theme: Theme) => alpha(theme.palette.primary.main, theme.palette.action.focusOpacity) },
    '&:disabled': { color: 'action.disabled', cursor: 'default', bgcolor: 'transparent' },
  },
  [`& .${ERROR_CLASS}`]: {
    color: 'error.main',
    '&:hover': { bgcolor: (theme: Theme) => alpha(theme.palette.error.main, theme.palette.action.hoverOpacity) },
    '&:focus-visible': { bgcolor: (theme: Theme) => alpha(theme.palette.error.main, theme.palette.action.focusOpacity) },
  },
  [`& .${ROW_BUTTON_CLASS}-icon`]: { display: 'inherit', mr: 1, ml: '-2px', '& > svg': { fontSize: 18 } },
} as const;
