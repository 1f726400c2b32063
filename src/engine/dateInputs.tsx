/**
 * The one date and date-time input of the engine (forms and list filters), in the chosen language.
 * The pickers load with the first screen that shows a date; until then a disabled field of the
 * same size holds the place, so a filter bar does not jump (hidden from assistive technology:
 * it is not the input).
 */
import TextField from '@mui/material/TextField';
import type { ReactElement } from 'react';
import { lazy, Suspense } from 'react';
import { FieldTitle } from 'react-admin';
import type { DatePickerInputProps } from './DatePickerInput';

const DatePickerInput = lazy(() => import('./DatePickerInput'));

/** `alwaysOn` is read by react-admin's filter form from the element's props, not by the input. */
type DateInputProps = DatePickerInputProps & { readonly alwaysOn?: boolean };

export const LocalizedDateInput = ({ alwaysOn: _alwaysOn, ...props }: DateInputProps): ReactElement => {
  const { source, label, resource, isRequired, size = 'small', margin, variant } = props;
  const placeholder = (
    <TextField
      disabled
      size={size}
      margin={margin}
      variant={variant}
      aria-hidden
      slotProps={{ htmlInput: { 'aria-hidden': true, tabIndex: -1 }, inputLabel: { shrink: true } }}
      label={label === '' || label === false ? null : <FieldTitle label={label as string} source={source} resource={resource} isRequired={isRequired} />}
    />
  );
  return <Suspense fallback={placeholder}><DatePickerInput {...props} /></Suspense>;
};
