/**
 * Date and date-time inputs that speak the chosen language, not the browser's: a native
 * `<input type="date">` always follows the browser (a Chinese admin in an English browser saw
 * `mm/dd/yyyy`). MUI X pickers take the locale from the admin instead (`YYYY/MM/DD` in Chinese),
 * accept typing section by section and keep the wire values of the native inputs:
 * a date is `YYYY-MM-DD`, a date-time an ISO-8601 instant, a time of day `HH:mm:ss`, and no value is null.
 * Loaded lazily (see dateInputs.tsx): the pickers cost only the screens that show a date.
 */
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactElement, ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { enUS, zhCN } from '@mui/x-date-pickers/locales';
import { FieldTitle, InputHelperText, useInput, useLocaleState } from 'react-admin';

type DateKind = 'date' | 'dateTime' | 'time';

export type DatePickerInputProps = {
  readonly kind: DateKind;
  readonly source: string;
  readonly label?: ReactNode;
  readonly disabled?: boolean;
  readonly isRequired?: boolean;
  /**
   * What a half-typed value does to the form: `mark` stores an invalid text so the form's
   * validation names the field (forms); `keep` leaves the last whole value (filters, which must
   * never send half a date to the server).
   */
  readonly incomplete?: 'mark' | 'keep';
  /** Set by react-admin's filter form. */
  readonly helperText?: ReactNode | false;
  readonly size?: 'small' | 'medium';
  readonly margin?: 'none' | 'dense' | 'normal';
  readonly variant?: 'filled' | 'outlined' | 'standard';
  readonly resource?: string;
  readonly className?: string;
};

/** Per admin language: dayjs's locale (field order and separators) and the pickers' own words. */
const LOCALES = {
  en: { adapter: 'en', text: enUS.components.MuiLocalizationProvider.defaultProps.localeText },
  zh: { adapter: 'zh-cn', text: zhCN.components.MuiLocalizationProvider.defaultProps.localeText },
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}(:\d{2})?$/;
/** Never a valid date or time on either side: the form's validation reports it as one. */
const INCOMPLETE = 'incomplete';

/** The form's value as the picker's; a date keeps its calendar day whatever the time zone. */
const pickerValue = (kind: DateKind, value: unknown): Dayjs | null => {
  if (value === null || value === undefined || value === '') return null;
  if (kind === 'date' && typeof value === 'string' && DAY.test(value.slice(0, 10))) return dayjs(value.slice(0, 10), 'YYYY-MM-DD');
  // A time of day on today's date: only its hours, minutes and seconds are read back.
  if (kind === 'time' && typeof value === 'string' && TIME.test(value)) return dayjs(`2000-01-01T${value.length === 5 ? `${value}:00` : value}`);
  const parsed = dayjs(value instanceof Date || typeof value === 'number' ? value : String(value));
  return parsed.isValid() ? parsed : null;
};

/** The picker's value as the wire's (what the native inputs sent): `YYYY-MM-DD`, an ISO instant, or null. */
const wireValue = (kind: DateKind, value: Dayjs | null): string | null => {
  if (value === null) return null;
  if (kind === 'time') return value.format('HH:mm:ss');
  return kind === 'date' ? value.format('YYYY-MM-DD') : value.toDate().toISOString();
};

const DatePickerInput = (props: DatePickerInputProps): ReactElement => {
  const { kind, source, label, disabled = false, isRequired = false, incomplete = 'mark', helperText, size = 'small', margin, variant, resource, className } = props;
  const [locale] = useLocaleState();
  const { adapter, text } = LOCALES[locale === 'zh' ? 'zh' : 'en'];
  const { field, fieldState, id } = useInput({ source, resource, disabled, format: (value: unknown) => value });
  // The picker keeps what is typed (also half a date) while the form holds the last whole value.
  const [picked, setPicked] = useState(() => pickerValue(kind, field.value));
  const emitted = useRef<unknown>(field.value);
  useEffect(() => {
    // Only a change from outside (the record loaded, a reset, a cleared filter) replaces what is typed.
    if (field.value === emitted.current) return;
    emitted.current = field.value;
    setPicked(pickerValue(kind, field.value));
  }, [field.value, kind]);

  const onChange = (value: Dayjs | null) => {
    setPicked(value);
    if (value !== null && !value.isValid()) {
      if (incomplete === 'keep') return;
      emitted.current = INCOMPLETE;
      field.onChange(INCOMPLETE);
      return;
    }
    const wire = wireValue(kind, value);
    emitted.current = wire;
    field.onChange(wire);
  };

  const { error, invalid } = fieldState;
  const textField = {
    id,
    name: field.name,
    inputRef: field.ref,
    onBlur: field.onBlur,
    size,
    margin,
    variant,
    // The label stays above, so the empty field shows its format (`YYYY/MM/DD`), as the native input did.
    slotProps: { inputLabel: { shrink: true } },
    className: ['ra-input', `ra-input-${source}`, className].filter(Boolean).join(' '),
    error: invalid || undefined,
    helperText: helperText !== false || invalid ? <InputHelperText error={error?.message} helperText={helperText} /> : null,
  };
  const common = {
    value: picked,
    onChange,
    disabled,
    label: label === '' || label === false ? null : <FieldTitle label={label as string} source={source} resource={resource} isRequired={isRequired} />,
    enableAccessibleFieldDOMStructure: false as const,
    slotProps: { textField, field: { clearable: true } },
  };
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={adapter} localeText={text}>
      {kind === 'date' ? <DatePicker {...common} /> : kind === 'time' ? <TimePicker {...common} ampm={false} views={['hours', 'minutes', 'seconds']} /> : <DateTimePicker {...common} />}
    </LocalizationProvider>
  );
};

export default DatePickerInput;
