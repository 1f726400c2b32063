/**
 * The read-only displays the field kinds use (list cells, show views, read-only form values);
 * which kind takes which display is said once, in ./kinds.tsx, with `fieldDisplay`.
 */
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import type { MouseEvent, ReactElement } from 'react';
import type { DateFieldProps, Identifier, NumberFieldProps } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import {
  ChipField, DateField, NumberField, ReferenceArrayField, SingleFieldList, TextField,
  useCanAccess, useI18nProvider, useRecordContext, useTranslate,
} from 'react-admin';
import { builtinText, isBuiltinField } from '../i18n/builtins';
import type { Entity, FieldDecl } from '../schema/engine/entity';
import { nameFieldOf, secretSetName } from '../schema/engine/entity';
import { findEntity } from '../schema/entities';
import { enumLabelKey } from './labels';
import { dialogHash, editPath, routePath } from './routing';
import { intlLocale, useIntlLocale } from './locale';

type FieldProps = { readonly entity: Entity; readonly name: string; readonly decl: FieldDecl };

/**
 * A value's chip wraps onto a second line where its column or card is narrower than its text,
 * instead of cutting it with an ellipsis ("App homepage carou…" on a phone card). It wraps between
 * words: `break-word` (not `anywhere`) keeps its longest word in the column's smallest width, so a
 * table gives a status column room for "Completed" instead of breaking it into "Co/mpl/ete/d".
 */
export const CHIP_SX = { height: 'auto', minHeight: 24, maxWidth: '100%', '& .MuiChip-label': { whiteSpace: 'normal', overflowWrap: 'break-word', py: '2px' } } as const;

export const EnumField = ({ entity, name, decl }: FieldProps) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const option = decl.options?.find((o) => o.value === record?.[name]);
  if (!option) return null;
  return <Chip size="small" sx={CHIP_SX} label={translate(enumLabelKey(entity, name, option))} />;
};

export const FlagField = ({ name }: Pick<FieldProps, 'name'>) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const value = record?.[name];
  if (value === null || value === undefined) return null;
  return <>{translate(Number(value) === 1 ? 'entity.flag.on' : 'entity.flag.off')}</>;
};

const THUMB_SIZE = 40;

/** A small preview of an image (or the first of several); the full image opens in a new tab. */
export const ImageThumbField = ({ entity, name }: Pick<FieldProps, 'entity' | 'name'>) => {
  const record = useRecordContext();
  const value: unknown = record?.[name];
  const url = Array.isArray(value) ? value[0] : value;
  if (typeof url !== 'string' || url === '') return null;
  const alt = String(record?.[entity.display] ?? '');
  return (
    <a href={url} target="_blank" rel="noreferrer" onClick={(e) => e.stopPropagation()}>
      <img src={url} alt={alt} style={{ height: THUMB_SIZE, maxWidth: THUMB_SIZE * 3, objectFit: 'contain', verticalAlign: 'middle' }} />
    </a>
  );
};

/** A text of a built-in record (a seeded role's name, …): translated while it is the seeded text. */
const BuiltinTextField = ({ entityName, source }: { readonly entityName: string; readonly source: string }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  return <>{builtinText(translate, entityName, record, source)}</>;
};

const BuiltinChip = ({ entityName, source }: { readonly entityName: string; readonly source: string }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  return <Chip size="small" sx={CHIP_SX} label={builtinText(translate, entityName, record, source)} />;
};

/**
 * List cells show their values as bare text in the cell's own type style (a table cell is
 * already body2): react-admin's TextField and NumberField draw a styled Typography per value,
 * and NumberField builds a number formatter per value (`toLocaleString` with options), together
 * the largest part of a 100-row list's render after the rows' hooks (bench/render.ts).
 */
const TextCell = ({ source }: { readonly source: string }) => {
  const value: unknown = useRecordContext()?.[source];
  return value === null || value === undefined || value === '' ? null : <>{String(value)}</>;
};

/** One formatter per language and format, kept: building one is what a formatted number costs. */
const numberFormats = new Map<string, Intl.NumberFormat>();
const numberFormat = (locale: string, options: Intl.NumberFormatOptions | undefined): Intl.NumberFormat => {
  const key = `${locale} ${JSON.stringify(options ?? {})}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, format = new Intl.NumberFormat(locale, options));
  return format;
};

/** A number of a list cell in the chosen language (the i18n provider's locale: no store read per cell). */
export const NumberCell = ({ source, options }: { readonly source: string; readonly options?: Intl.NumberFormatOptions }) => {
  const value: unknown = useRecordContext()?.[source];
  const locale = intlLocale(useI18nProvider().getLocale());
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'number' ? value : Number(value);
  return <>{Number.isNaN(number) ? String(value) : numberFormat(locale, options).format(number)}</>;
};

/**
 * One date formatter per language and shape, kept: react-admin's DateField calls `toLocaleString`
 * per value, which builds a formatter each time (~1 ms a cell: the order list's dates were 12 ms of
 * its rows' draw on a cold open, bench:open). The same text as LocaleDateField's: `toLocaleString`
 * without options is year, month, day, hour, minute and second, all numeric; a bare day
 * (`2024-05-01`) is read in UTC, as DateField reads it.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const dateFormat = (locale: string, time: boolean, utc: boolean): Intl.DateTimeFormat => {
  const key = `${locale} ${time} ${utc}`;
  let format = dateFormats.get(key);
  if (!format) {
    dateFormats.set(key, format = new Intl.DateTimeFormat(locale, {
      year: 'numeric', month: 'numeric', day: 'numeric',
      ...(time ? { hour: 'numeric', minute: 'numeric', second: 'numeric' } : {}),
      ...(utc ? { timeZone: 'UTC' } : {}),
    }));
  }
  return format;
};

/** The text of a date (with its time: `showTime`) in `locale`, as LocaleDateField shows it; null for no value. */
export const dateCellText = (value: unknown, locale: string, showTime: boolean): string | null => {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : typeof value === 'string' || typeof value === 'number' ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return String(value);
  return dateFormat(locale, showTime, !showTime && typeof value === 'string' && value.length <= 10).format(date);
};

/** A date (with its time: `showTime`) of a list cell in the chosen language, bare text. */
export const DateCell = ({ source, showTime = false }: { readonly source: string; readonly showTime?: boolean }) => {
  const value: unknown = useRecordContext()?.[source];
  const text = dateCellText(value, intlLocale(useI18nProvider().getLocale()), showTime);
  return text === null ? null : <>{text}</>;
};

/** The display of a text field of `entityName`: built-in texts go through their translation; `cell`: a list cell's bare text. */
export const textField = (entityName: string, source: string, cell = false): ReactElement => {
  if (isBuiltinField(entityName, source)) return <BuiltinTextField entityName={entityName} source={source} />;
  return cell ? <TextCell source={source} /> : <TextField source={source} />;
};

/** Dates in the chosen language (react-admin would use the browser's). */
export const LocaleDateField = (props: DateFieldProps) => <DateField {...props} locales={useIntlLocale()} />;
/** Numbers in the chosen language (react-admin would use the browser's). */
export const LocaleNumberField = (props: NumberFieldProps) => <NumberField {...props} locales={useIntlLocale()} />;

/**
 * A reference by the name the server joined in (`referenceName`), so a reader who may not read
 * the referenced entity still sees a name; the id only when the record it named is gone.
 */
export const ReferenceNameField = ({ entity, name }: Pick<FieldProps, 'entity' | 'name'>) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const id: unknown = record?.[name];
  // Ids start at 1: 0 names nothing (the system in the audit log).
  if (id === null || id === undefined || id === '' || id === 0) return null;
  const nameField = nameFieldOf(entity, name);
  const shown: unknown = nameField ? record?.[nameField] : undefined;
  if (shown === null || shown === undefined || shown === '') return <>{`#${String(id)}`}</>;
  // A built-in record (a seeded resource category) is named in the chosen language while it keeps its seeded name.
  const target = entity.fields[name]?.reference;
  const text = target ? builtinText(translate, target.entity, { [target.display]: shown }, target.display) : String(shown);
  const targetEntity = target ? findEntity(target.entity) : undefined;
  const link = targetEntity ? recordLinkOf(targetEntity, id as Identifier) : null;
  return link && targetEntity ? <ReferenceLink resource={targetEntity.name} {...link}>{text}</ReferenceLink> : <>{text}</>;
};

/**
 * Where a record of `entity` opens: its edit page, else its list's edit dialog (its show dialog
 * where it is never edited), with the permission that page needs; none for an entity without screens.
 */
const recordLinkOf = (entity: Entity, id: Identifier): { readonly path: string; readonly action: 'edit' | 'show' } | null => {
  const page = editPath(entity, id);
  if (page) return { path: page, action: 'edit' };
  if (entity.menu.screens === false) return null;
  const mode = entity.routes?.update === false ? 'show' : 'edit';
  return { path: `${routePath(entity.menu.route)}${dialogHash({ mode, id })}`, action: mode };
};

/** A click on a reference's link opens the record it names, not the list row or card it sits in. */
const keepClick = (event: MouseEvent) => event.stopPropagation();

/**
 * The name of a referenced record as a link to its page, for a reader who may open that page
 * (the server decides what it shows; this only offers the link); plain text for anyone else.
 */
const ReferenceLink = ({ resource, path, action, children }: {
  readonly resource: string; readonly path: string; readonly action: 'edit' | 'show'; readonly children: string;
}) => {
  const { canAccess } = useCanAccess({ resource, action });
  return canAccess ? <Link component={RouterLink} to={path} onClick={keepClick}>{children}</Link> : <>{children}</>;
};

export const JsonField = ({ name }: Pick<FieldProps, 'name'>) => {
  const record = useRecordContext();
  const value: unknown = record?.[name];
  return value === null || value === undefined ? null : <>{JSON.stringify(value)}</>;
};

/** A list of references as chips of their names (built-in names translated). */
export const ReferencesField = ({ name, decl }: Pick<FieldProps, 'name' | 'decl'>) => (decl.reference
  ? (
    <ReferenceArrayField source={name} reference={decl.reference.entity}>
      <SingleFieldList linkType={false}>
        {isBuiltinField(decl.reference.entity, decl.reference.display)
          ? <BuiltinChip entityName={decl.reference.entity} source={decl.reference.display} />
          : <ChipField source={decl.reference.display} size="small" sx={CHIP_SX} />}
      </SingleFieldList>
    </ReferenceArrayField>
  )
  : <TextField source={name} />);

/** A write-only secret is never read back: it says whether one is set (`<field>Set`; a required one, such as a password, always is). */
export const SecretState = ({ name, decl }: Pick<FieldProps, 'name'> & { readonly decl?: { readonly required?: boolean } }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  return <>{translate(decl?.required || record?.[secretSetName(name)] === true ? 'entity.show.secret_set' : 'entity.show.secret_not_set')}</>;
};
