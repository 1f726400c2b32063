/** A button that is a link (router navigation, real `href`), safe inside clickable list rows. */
import type { MouseEvent, ReactNode } from 'react';
import { RowButton } from './RowButton';

export const LinkButton = ({ label, to, children }: { readonly label: string; readonly to: string; readonly children?: ReactNode }) => (
  <RowButton
    to={to}
    label={label}
    // A list row opens its edit screen on click; following this link must not also do that.
    onClick={(event: MouseEvent) => event.stopPropagation()}
  >
    {children}
  </RowButton>
);
