/**
 * What each field kind means to the admin, in one table: its form input, its read-only display
 * (list cell, show view), its list filter (and range filter), its CSV cell and how it sits in
 * forms and lists. What both halves share (the zod schema, the wire form) is in
 * src/schema/engine/kinds.ts; the components themselves are in ./inputs.tsx and ./fields.tsx. The
 * `satisfies` makes a kind without an entry here a compile error.
 */
import { InlineNumberField } from './InlineNumberField';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactElement } from 'react';
import { cloneElement, useMemo } from 'react';
import type { RaRecord, TranslateFunction } from 'react-admin';
import {
  BooleanInput, Labeled, NumberInput, RecordContextProvider, ReferenceInput, SelectInput, TextField, TextInput, useRecordContext, useTranslate,
} from 'react-admin';
import type { Entity, FieldDecl, FieldKind } from '../schema/engine/entity';
import { childEntityOf, nameFieldOf } from '../schema/engine/entity';
import { MONEY_FORMAT, RATIO_FORMAT } from '../schema/engine/money';
import { screenEntityOf } from '../schema/screenEntities';
import { ChildRowsInput } from './ChildRowsInput';
import { LocalizedDateInput } from './dateInputs';
import {
  DateCell, EnumField, FlagField, ImageThumbField, JsonField, LocaleDateField, LocaleNumberField, NumberCell, ReferenceNameField, ReferencesField, SecretState, textField,
} from './fields';
import {
  formatJson, fromFlag, ImagePicker, LazyRichTextInput, parseJson, ReferenceFieldInput, ReferencesFieldInput, SecretInput, toFlag,
} from './inputs';
import { enumChoices, enumLabelKey, fieldLabelKey, FLAG_CHOICES } from './labels';
import { LIST_ALL_QUERY, referenceSearch } from './lookups';
import { ReferenceAutocomplete, ReferenceSelect } from './referencePickers';
import type { FieldInputProps } from './screenOptions';
import { ToggleSwitchField } from './ToggleSwitchField';

type Field = { readonly entity: Entity; readonly name: string; readonly decl: FieldDecl };
type InputProps = FieldInputProps & {
  readonly disabled: boolean;
  /** What most inputs take: the field's source, label, and whether it is disabled or required. */
  readonly common: { readonly source: string; readonly label: string; readonly disabled: boolean; readonly isRequired: boolean };
};
type FilterProps = Field & { readonly props: { readonly source: string; readonly label: string; readonly alwaysOn: boolean } };
type RangeProps = { readonly source: string; readonly label: ReactElement; readonly alwaysOn: boolean };
type CsvProps = Field & { readonly value: unknown; readonly record: RaRecord; readonly translate: TranslateFunction };

export type KindUi = {
  /** The form input (create and edit). */
  readonly input: (props: InputProps) => ReactElement | null;
  /**
   * The read-only display; `interactive`: a list cell, where a flag with a `toggle` is an inline
   * switch and texts, numbers and dates are bare text (`TextCell`, `NumberCell`, `DateCell`: no Typography per cell).
   */
  readonly display: (field: Field, interactive: boolean) => ReactElement;
  /** The list filter of a field declaring `filter`; none: a text filter. */
  readonly filter?: (props: FilterProps) => ReactElement;
  /** One end of a range filter, for kinds whose shared entry allows `range` (a unit test checks). */
  readonly rangeInput?: (props: RangeProps) => ReactElement;
  /** Its CSV cell (the value is never null or empty). */
  readonly csv: (props: CsvProps) => string;
  /** Exported in CSV: as a list column (`list`), also when not one (`always`: rich text, a brand's story), or `never` (secrets). */
  readonly exported: 'list' | 'always' | 'never';
  /** Takes the whole width of a form row. */
  readonly wide: boolean;
  /** A number: right-aligned in list columns. */
  readonly alignRight: boolean;
  /** Pictures: the thumbnail of a row in the phone list. */
  readonly picture: boolean;
  /** Holds uploads made on save (`one` image or `many`), checked as URLs by the form's validation. */
  readonly upload?: 'one' | 'many';
};

const asText = ({ value }: CsvProps): string => String(value);
const plain = { csv: asText, exported: 'list', wide: false, alignRight: false, picture: false } as const;

const numberFilter = ({ props }: FilterProps) => <NumberInput {...props} />;
// Date filters match by day (`YYYY-MM-DD`), as `mall`'s are; a range by days too.
const dayFilter = ({ props }: FilterProps) => <LocalizedDateInput {...props} kind="date" incomplete="keep" />;
const numberRange = (props: RangeProps) => <NumberInput {...props} />;
const dayRange = (props: RangeProps) => <LocalizedDateInput {...props} kind="date" incomplete="keep" />;

const pad = (n: number): string => String(n).padStart(2, '0');
const localDate = (value: string, withTime: boolean): string => {
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) return value;
  const day = `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}`;
  return withTime ? `${day} ${pad(time.getHours())}:${pad(time.getMinutes())}:${pad(time.getSeconds())}` : day;
};

const BLOCK_END = /<\/(p|div|h[1-6]|li|blockquote|pre)>|<br\s*\/?>/gi;

/** The text a reader sees in stored HTML: paragraphs on their own lines, entities decoded. */
export const htmlToText = (html: string): string => {
  const doc = new DOMParser().parseFromString(html.replace(BLOCK_END, (tag) => `${tag}\n`), 'text/html');
  return (doc.body.textContent ?? '').split('\n').map((line) => line.trim()).filter(Boolean).join('\n');
};

const TABLE = {
  text: { ...plain, input: ({ common }) => <TextInput {...common} />, display: ({ entity, name }, cell) => textField(entity.name, name, cell) },
  longText: {
    ...plain, wide: true,
    input: ({ common }) => <TextInput {...common} multiline minRows={3} />,
    display: ({ entity, name }, cell) => textField(entity.name, name, cell),
  },
  richText: {
    ...plain, wide: true, exported: 'always',
    input: ({ common }) => <LazyRichTextInput {...common} />,
    // Server-sanitised HTML, but a list cell or a read-only value shows it as text.
    display: ({ name }) => <TextField source={name} />,
    csv: ({ value }) => htmlToText(String(value)),
  },
  int: {
    ...plain, alignRight: true,
    input: ({ common, decl }) => <NumberInput {...common} step={1} min={decl.min} max={decl.max} />,
    // A number with a set path (`toggle`: a recommendation's sort) is edited in its list cell.
    display: ({ entity, name, decl }, cell) => (cell && decl.toggle ? <InlineNumberField entity={entity} name={name} />
      : cell ? <NumberCell source={name} /> : <LocaleNumberField source={name} />),
    filter: numberFilter, rangeInput: numberRange,
  },
  money: {
    ...plain, alignRight: true,
    input: ({ common, decl }) => <NumberInput {...common} step={0.01} min={decl.min ?? 0} max={decl.max} />,
    display: ({ name }, cell) => (cell ? <NumberCell source={name} options={MONEY_FORMAT} /> : <LocaleNumberField source={name} options={MONEY_FORMAT} />),
    filter: numberFilter, rangeInput: numberRange,
  },
  ratio: {
    ...plain, alignRight: true,
    input: ({ common, decl }) => <NumberInput {...common} step={0.01} min={decl.min ?? 0} max={decl.max ?? 1} />,
    display: ({ name }, cell) => (cell ? <NumberCell source={name} options={RATIO_FORMAT} /> : <LocaleNumberField source={name} options={RATIO_FORMAT} />),
    filter: numberFilter, rangeInput: numberRange,
  },
  flag: {
    ...plain,
    input: ({ entity, name, disabled }) => <BooleanInput source={name} label={fieldLabelKey(entity, name)} disabled={disabled} format={fromFlag} parse={toFlag} />,
    display: ({ entity, name, decl }, interactive) => (interactive && decl.toggle ? <ToggleSwitchField entity={entity} name={name} /> : <FlagField name={name} />),
    filter: ({ props }) => <SelectInput {...props} choices={[...FLAG_CHOICES]} />,
    csv: ({ value, translate }) => translate(Number(value) === 1 ? 'entity.flag.on' : 'entity.flag.off'),
  },
  enum: {
    ...plain,
    input: ({ common, entity, name }) => <SelectInput {...common} choices={enumChoices(entity, name)} />,
    display: (field) => <EnumField {...field} />,
    filter: ({ props, entity, name }) => <SelectInput {...props} choices={enumChoices(entity, name)} />,
    csv: ({ entity, name, decl, value, translate }) => {
      const option = decl.options?.find((o) => o.value === value);
      return option ? translate(enumLabelKey(entity, name, option)) : String(value);
    },
  },
  date: {
    ...plain,
    input: ({ common }) => <LocalizedDateInput {...common} kind="date" />,
    display: ({ name }, cell) => (cell ? <DateCell source={name} /> : <LocaleDateField source={name} />),
    filter: dayFilter, rangeInput: dayRange,
    csv: ({ value }) => String(value).slice(0, 10),
  },
  dateTime: {
    ...plain,
    input: ({ common }) => <LocalizedDateInput {...common} kind="dateTime" />,
    display: ({ name }, cell) => (cell ? <DateCell source={name} showTime /> : <LocaleDateField source={name} showTime />),
    filter: dayFilter, rangeInput: dayRange,
    csv: ({ value }) => localDate(String(value), true),
  },
  // A time of day is shown as stored (`08:00:00`): no date, no time zone to convert.
  time: {
    ...plain,
    input: ({ common }) => <LocalizedDateInput {...common} kind="time" />,
    display: ({ entity, name }, cell) => textField(entity.name, name, cell),
  },
  image: {
    ...plain, wide: true, picture: true, upload: 'one',
    input: (props) => <ImagePicker {...props} />,
    display: ({ entity, name }) => <ImageThumbField entity={entity} name={name} />,
  },
  images: {
    ...plain, wide: true, picture: true, upload: 'many',
    input: (props) => <ImagePicker {...props} />,
    display: ({ entity, name }) => <ImageThumbField entity={entity} name={name} />,
    csv: ({ value }) => (Array.isArray(value) ? value.join(' ') : String(value)),
  },
  reference: {
    ...plain,
    input: (props) => <ReferenceFieldInput {...props} />,
    display: ({ entity, name }) => <ReferenceNameField entity={entity} name={name} />,
    filter: (field) => referenceFilter(field),
    // The name the server joined in; the id only when the record it named is gone.
    csv: ({ entity, name, value, record }) => {
      const nameField = nameFieldOf(entity, name);
      const shown: unknown = nameField ? record[nameField] : null;
      return shown === null || shown === undefined || shown === '' ? String(value) : String(shown);
    },
  },
  references: {
    ...plain, wide: true,
    input: (props) => <ReferencesFieldInput {...props} />,
    display: ({ name, decl }) => <ReferencesField name={name} decl={decl} />,
  },
  json: {
    ...plain, wide: true,
    input: ({ common }) => <TextInput {...common} multiline minRows={2} format={formatJson} parse={parseJson} />,
    display: ({ name }) => <JsonField name={name} />,
    csv: ({ value }) => JSON.stringify(value),
  },
  children: {
    ...plain, wide: true,
    input: ({ entity, name, decl, mode }) => <ChildRowsInput entity={entity} name={name} decl={decl} mode={mode} FieldInput={EntityFieldInput} />,
    display: ({ entity, name }) => <ChildRowsField entity={entity} name={name} />,
  },
  secret: {
    // Never exported: a record carries only whether a value is set.
    ...plain, exported: 'never',
    input: (props) => <SecretInput {...props} />,
    display: ({ name, decl }) => <SecretState name={name} decl={decl} />,
  },
} satisfies Record<FieldKind, KindUi>;

/** The admin's entry of every kind. */
export const KIND_UI: Readonly<Record<FieldKind, KindUi>> = TABLE;

/**
 * The display widget of a field. `interactive` lets flags with a declared `toggle` render as the
 * inline switch (lists); read-only places pass false.
 */
export const fieldDisplay = (entity: Entity, name: string, decl: FieldDecl, interactive = false): ReactElement =>
  KIND_UI[decl.kind].display({ entity, name, decl }, interactive);

/** The generic input of a field; server-managed fields show read-only (edit) or not at all (create). */
export const EntityFieldInput = (props: FieldInputProps): ReactElement | null => {
  const { entity, name, decl, mode } = props;
  if (decl.serverManaged) {
    return mode === 'edit' ? <Labeled source={name} label={fieldLabelKey(entity, name)}>{fieldDisplay(entity, name, decl)}</Labeled> : null;
  }
  const disabled = mode === 'edit' && Boolean(decl.immutable);
  const common = { source: name, label: fieldLabelKey(entity, name), disabled, isRequired: Boolean(decl.required) };
  return KIND_UI[decl.kind].input({ ...props, disabled, common });
};

/** The list filter input of a declared field filter (a text filter for kinds without their own). */
export const filterInput = (entity: Entity, name: string, decl: FieldDecl, alwaysOn: boolean): ReactElement => {
  const props = { source: name, label: fieldLabelKey(entity, name), alwaysOn };
  const own = KIND_UI[decl.kind].filter;
  return cloneElement(own ? own({ entity, name, decl, props }) : <TextInput {...props} />, { key: name });
};

/** One end of a field's range filter (`<param>From` or `<param>To`). */
export const rangeInput = (decl: FieldDecl, props: RangeProps): ReactElement => {
  const own = KIND_UI[decl.kind].rangeInput;
  if (!own) throw new Error(`no range filter input for ${decl.kind}`);
  return cloneElement(own(props), { key: props.source });
};

/**
 * A reference filter: a plain select for a small table answered whole, else a searching picker.
 * The filter form reads `source` and `alwaysOn` off the element itself, so this is an element, not a component.
 */
const referenceFilter = ({ name, decl, props }: FilterProps): ReactElement => {
  if (!decl.reference) return <NumberInput {...props} />;
  const target = screenEntityOf(decl.reference.entity);
  return target?.listAll === true
    ? (
      <ReferenceInput source={name} reference={decl.reference.entity} alwaysOn={props.alwaysOn} queryOptions={LIST_ALL_QUERY}>
        <ReferenceSelect label={props.label} target={decl.reference.entity} display={decl.reference.display} />
      </ReferenceInput>
    )
    : (
      <ReferenceInput source={name} reference={decl.reference.entity} alwaysOn={props.alwaysOn}>
        <ReferenceAutocomplete label={props.label} target={decl.reference.entity} display={decl.reference.display} filterToQuery={referenceSearch(target)} />
      </ReferenceInput>
    );
};

/** A child list read-only: its rows as a table of the engine's displays (show views, read-only forms). */
export const ChildRowsField = ({ entity, name }: { readonly entity: Entity; readonly name: string }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const rowEntity = useMemo(() => childEntityOf(entity, name), [entity, name]);
  const rows = Array.isArray(record?.[name]) ? record[name] as Record<string, unknown>[] : [];
  const columns = Object.entries(rowEntity.fields);
  if (!rows.length) return null;
  return (
    <Table size="small">
      <TableHead>
        <TableRow>{columns.map(([field]) => <TableCell key={field}>{translate(fieldLabelKey(rowEntity, field))}</TableCell>)}</TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, index) => (
          <RecordContextProvider key={String(row.id ?? index)} value={{ id: index, ...row }}>
            <TableRow>{columns.map(([field, decl]) => <TableCell key={field}>{fieldDisplay(rowEntity, field, decl)}</TableCell>)}</TableRow>
          </RecordContextProvider>
        ))}
      </TableBody>
    </Table>
  );
};
