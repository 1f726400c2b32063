/**
 * The builders an entity's `fields` are written with (`text`, `money`, `reference`...) and the
 * secret fields' helpers. Part of the entity declaration language (./entity.ts re-exports it).
 */
import type { z } from 'zod';
import { KINDS } from './kinds';
import { NAME_LENGTH } from './limits';
import type { ChildRowsDecl, Entity, EnumOption, FieldDecl, FieldKind, FieldOptions, InferFields, KindOptions, RelationDecl } from './types';


/**
 * The options a builder keeps literally in the field's type (`required: true`, a `default`, a
 * `column` name...): the record type (RecordOf) and the table types derived from declarations
 * (server/db/declared.ts) read them. The others are only values.
 */
type KeptKey = 'required' | 'default' | 'serverManaged' | 'virtual' | 'column' | 'auto';
type Kept<O> = Pick<O, keyof O & KeptKey>;
/**
 * Options as written at a builder's call: inferred literally (`const` type parameters), and still
 * refused when they name an option the builder does not take (a misspelt `lenght`).
 */
type Exactly<O, S> = O & { readonly [K in Exclude<keyof O, keyof S>]: never };

/** A field of kind `K` holding `T`, keeping the `Kept` options of `O` (what the caller wrote) in its type. */
const field = <T, K extends FieldKind, O = Record<never, never>>(kind: K, options?: FieldOptions<T> & KindOptions) =>
  ({ kind, ...options }) as FieldDecl<T, K> & Kept<O>;

type TextOptions = FieldOptions<string> & Pick<KindOptions, 'length' | 'pattern' | 'url' | 'trim'>;
type NumberOptions = FieldOptions<number> & Pick<KindOptions, 'min' | 'max'>;
type None = Record<never, never>;

/** Single-line text. */
export const text = <const O extends TextOptions = None>(o?: Exactly<O, TextOptions>) => field<string, 'text', O>('text', o);
/** A name: required, 2 to 140 characters (`NAME_LENGTH` of ./limits.ts). */
export const name = <const O extends TextOptions = None>(o?: Exactly<O, TextOptions>) =>
  field<string, 'text', { required: true } & O>('text', { required: true, length: [NAME_LENGTH.min, NAME_LENGTH.max], ...o });
/** Multi-line plain text. */
export const longText = <const O extends TextOptions = None>(o?: Exactly<O, TextOptions>) => field<string, 'longText', O>('longText', o);
/** HTML text (product detail, brand story), edited with the admin's rich text editor. */
export const richText = <const O extends TextOptions = None>(o?: Exactly<O, TextOptions>) => field<string, 'richText', O>('richText', o);
/** Whole number. */
export const int = <const O extends NumberOptions = None>(o?: Exactly<O, NumberOptions>) => field<number, 'int', O>('int', o);
/** Money: a decimal with at most two places in the API, integer minor units in the database. */
export const money = <const O extends NumberOptions = None>(o?: Exactly<O, NumberOptions>) => field<number, 'money', O>('money', o);
/** 0/1 switch, as `mall` flags are. */
/** A share between 0 and 1 (at most four decimals: 0.125), stored as whole ten-thousandths; `min`/`max` narrow it. */
export const ratio = <const O extends NumberOptions = None>(o?: Exactly<O, NumberOptions>) => field<number, 'ratio', O>('ratio', o);
export const flag = <const O extends FieldOptions<0 | 1> = None>(o?: Exactly<O, FieldOptions<0 | 1>>) => field<0 | 1, 'flag', O>('flag', o);
/** One of the declared values, each with a translated label. */
export const enumeration = <V extends number | string, const O extends FieldOptions<V> = None>(
  options: readonly (EnumOption & { value: V })[], o?: Exactly<O, FieldOptions<V>>,
) => field<V, 'enum', O>('enum', { ...o, options });
/** Calendar date, `YYYY-MM-DD`. */
export const date = <const O extends FieldOptions<string> = None>(o?: Exactly<O, FieldOptions<string>>) => field<string, 'date', O>('date', o);
/**
 * A time of day, `HH:mm:ss` (`HH:mm` is read as `HH:mm:00`): wall-clock time with no date, as a
 * flash session's start and end; two of them compare as text.
 */
export const time = <const O extends FieldOptions<string> = None>(o?: Exactly<O, FieldOptions<string>>) => field<string, 'time', O>('time', o);
/**
 * Instant, ISO-8601 (`2024-05-01T16:00:00.000Z`). `auto: 'create'` stamps it when the record is
 * created (a create time), `auto: 'update'` on create and on every later write (update, batch
 * set, restore): either makes it server-managed.
 */
type DateTimeOptions = FieldOptions<string> & Pick<KindOptions, 'auto'>;
export const dateTime = <const O extends DateTimeOptions = None>(o?: Exactly<O, DateTimeOptions>) =>
  field<string, 'dateTime', O & (O extends { auto: string } ? { serverManaged: true } : None)>('dateTime', o?.auto ? { ...o, serverManaged: true } : o);
/** Uploaded image URL (jpg/png, up to 10 MB, see `UPLOAD_RULES`). */
export const image = <const O extends FieldOptions<string> = None>(o?: Exactly<O, FieldOptions<string>>) => field<string, 'image', O>('image', o);
/** Several uploaded image URLs. */
type ImagesOptions = FieldOptions<string[]> & Pick<KindOptions, 'maxCount' | 'joined'>;
export const images = <const O extends ImagesOptions = None>(o?: Exactly<O, ImagesOptions>) => field<string[], 'images', O>('images', o);
/** Id of a row of another entity. */
export const reference = <const O extends FieldOptions<number> = None>(entity: string, display: string, o?: Exactly<O, FieldOptions<number>>) =>
  field<number, 'reference', O>('reference', { ...o, reference: { entity, display } });
/**
 * The display name of the record a reference field of the same entity points at (`ownerName` of
 * `ownerId`): read-only and never stored. The server joins it in on every read, also for readers
 * who may not read the referenced entity (a seller and the admin accounts), and screens show it
 * in place of the id. Every reference field declares one (tests/ui/engine-reference-names.test.tsx).
 * `none`: the name read when the reference is empty (a history row written by the server itself
 * names its operator `mall`'s "系统"); a reference to a record that is gone still reads null.
 */
export const referenceName = (of: string, o: { readonly none?: string } & Pick<FieldOptions<string>, 'list' | 'filter'> = {}) =>
  field<string, 'text', { serverManaged: true; virtual: true }>('text', {
    serverManaged: true, virtual: true, nameOf: of, ...(o.none === undefined ? {} : { noneName: o.none }),
    // A filter on the name compares the referenced record's display field (server/crud/reference-names.ts).
    ...(o.list === undefined ? {} : { list: o.list }), ...(o.filter === undefined ? {} : { filter: o.filter }),
  });
/**
 * A read-only value of the record a reference field of the same entity points at, shown as the
 * field `as` declares it (kind, label, list column): `productPrice: referenceValue('productId',
 * 'price', money({ list: true }))`, or one value derived from several of its fields
 * (`{ fields: ['publishStatus', 'deleteStatus'], derive: (v) => ... }`, the values as the API
 * answers them). Never stored nor written; the server reads it in the statement that reads the
 * rows, as it does a `referenceName`, so it follows the referenced record (a product going off
 * sale). A reference that is empty or names a record that is gone reads null.
 */
export const referenceValue = <const D extends FieldDecl>(
  of: string, from: string | { readonly fields: readonly string[]; readonly derive: (values: Readonly<Record<string, unknown>>) => unknown },
  as: D,
) => ({
  ...as, serverManaged: true, virtual: true,
  readFrom: { of, ...(typeof from === 'string' ? { fields: [from] } : from) },
}) as D & { readonly serverManaged: true; readonly virtual: true };
/**
 * How many picks the reference list `of` (a `references` field kept in a relation table) holds: a
 * coupon's "3 products", read-only and never stored. The server counts the relation's rows in the
 * statement that reads the record (a correlated subquery beside the reference names,
 * server/crud/reference-names.ts), in lists too, where the picks themselves are not read; so a list
 * row can say what a record's picks are without a request per row.
 */
export const pickCount = (of: string) =>
  field<number, 'int', { serverManaged: true; virtual: true }>('int', { serverManaged: true, virtual: true, countOf: of });
type ReferencesOptions = FieldOptions<number[]> & { readonly maxCount?: number };

/**
 * Ids of rows of another entity, sent as `mall` sends them (`menuIds=1,2,3`, `""` for none) or as
 * a JSON array; every id must name a row the caller may see, at most `maxCount` of them (default
 * 1000). `required` asks for the parameter, not for ids: an empty list ("replace with nothing")
 * is a value. An action parameter kind (see ActionDecl); with `relation`, a record's field kept in
 * a relation table (RelationDecl: a many-to-many, an empty list by default).
 */
// The relation's table and columns kept literal: the relation table's type derives from them.
export function references<const R extends RelationDecl>(entity: string, display: string, o: ReferencesOptions & { readonly relation: R }):
  FieldDecl<number[], 'references'> & { readonly relation: R; readonly virtual: true; readonly default: number[] };
// `required` kept literal: a required list is never null in an action handler's parameters.
export function references<const O extends ReferencesOptions>(entity: string, display: string, o?: O): FieldDecl<number[], 'references'> & Pick<O, 'required'>;
export function references(entity: string, display: string, o: ReferencesOptions & { readonly relation?: RelationDecl } = {}): FieldDecl<number[]> {
  const stored = o.relation ? { virtual: true, default: [] } : {};
  return field<number[], 'references'>('references', { ...stored, ...o, reference: { entity, display } });
}

/** A row of a child list as records carry it: its id and its fields. */
export type ChildRow<F extends Record<string, FieldDecl>> = { id: number } & InferFields<F>;

type ChildRowsOptions<F extends Record<string, FieldDecl>> =
  Omit<ChildRowsDecl, 'fields'> & { readonly fields: F } & Pick<FieldOptions<never>, 'section' | 'detailOnly' | 'list'>;

/**
 * Child rows (ChildRowsDecl): with `min` the list must be sent on create (`required` otherwise
 * names it); without, a create that sends none stores none.
 */
export const childRows = <const F extends Record<string, FieldDecl>, const C extends Pick<ChildRowsDecl, 'table' | 'link' | 'tenant'>>(
  o: ChildRowsOptions<F> & C,
) => {
  const { section, detailOnly, list, ...decl } = o;
  for (const [name, child] of Object.entries(decl.fields)) {
    if (child.kind === 'children' || child.relation) throw new Error(`${decl.table}.${name}: child rows cannot hold lists`);
    if (child.kind === 'secret') throw new Error(`${decl.table}.${name}: child rows cannot hold secrets`);
  }
  const required = (decl.min ?? 0) > 0;
  return {
    kind: 'children', virtual: true, section, detailOnly, list, children: decl,
    ...(required ? { required: true } : { default: [] }),
  } as FieldDecl<ChildRow<F>[], 'children'> & { readonly virtual: true; readonly children: ChildRowsDecl & Pick<C, 'table' | 'link' | 'tenant'> & { readonly fields: F } };
};

type SecretOptions = Pick<FieldOptions<string>, 'required' | 'section' | 'column'> & Pick<KindOptions, 'length' | 'pattern'>;

/**
 * A write-only value (a payment provider's secret key): accepted on create and update, stored
 * encrypted (AES-256-GCM, the key from SECRETS_KEY or `${DATA_DIR}/secrets-key`), and never part
 * of any answer, list, export or audit row. Reads answer `<field>Set` (`secretSetName`): whether a
 * value is stored (not for a `required` one, which always is). On update an empty or absent value keeps the stored one. Only an area reads it
 * back, explicitly (`readSecret`, server/crud/secrets.ts). Length: 1 to 500 characters by default.
 */
export const secret = <const O extends SecretOptions = None>(o?: Exactly<O, SecretOptions>) => field<string, 'secret', O>('secret', o);
/**
 * A password: a `secret` stored as a one-way hash (argon2id, server/auth/password.ts) that nothing
 * reads back, not even an area; pass the length rules (src/schema/auth-rules.ts PASSWORD_LENGTH).
 */
export const password = <const O extends SecretOptions = None>(o?: Exactly<O, SecretOptions>) => field<string, 'secret', O>('secret', { ...o, hash: true });

/** The read-only boolean a record answers instead of a secret field's value: `paypalSecret` → `paypalSecretSet`. */
export const secretSetName = (fieldName: string): string => `${fieldName}Set`;

/** Secret fields whose records say whether one is stored (`<field>Set`); a required one always is, and says nothing. */
export const secretSetFields = (entity: Pick<Entity, 'fields'>): [string, FieldDecl][] =>
  secretFields(entity).filter(([, decl]) => !decl.required);

/** An entity's secret fields (write-only), with their declarations. */
export const secretFields = (entity: Pick<Entity, 'fields'>): [string, FieldDecl][] =>
  Object.entries(entity.fields).filter(([, decl]) => KINDS[decl.kind].writeOnly);

/** Structured value validated by `schema`. */
export const json = <S extends z.ZodType, const O extends FieldOptions<z.infer<S>> = None>(schema: S, o?: Exactly<O, FieldOptions<z.infer<S>>>) =>
  field<z.infer<S>, 'json', O>('json', { ...o, schema });
