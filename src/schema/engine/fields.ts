/**
 * Fields and their kinds: what a declared field holds, its options, the record types they infer,
 * and how a field is filtered. Part of the entity declaration language (./entity.ts re-exports it;
 * the builders an entity's `fields` are written with are in ./fieldBuilders.ts).
 */
import type { z } from 'zod';
import { KINDS } from './kinds';

/** What a field holds; decides its column type, its validation and its input/column widget. */
export type FieldKind =
  | 'text' | 'longText' | 'richText' | 'int' | 'money' | 'flag' | 'enum'
  /** A share between 0 and 1 with at most four decimals, stored as whole ten-thousandths (see `ratio`). */
  | 'ratio'
  | 'date' | 'dateTime'
  /** A time of day, `HH:mm:ss` (a flash session's start and end): no date, no time zone. */
  | 'time'
  | 'image' | 'images' | 'reference' | 'references' | 'json'
  /** An owned list of rows kept in a child table (see ChildRowsDecl). */
  | 'children'
  /** Write-only text: encrypted at rest, or hashed (`hash`: a password); never read back (see `secret`). */
  | 'secret';

/** How a list filter compares the query parameter with the column. */
export type FilterOp = 'eq' | 'like' | 'prefix' | 'gte' | 'lte';

export type FilterDecl = {
  /** Query parameter name (`mall`'s names differ per list: `keyword`, `name`, `nameKeyword`…). Default: the field name. */
  readonly param?: string;
  /** Default: `like` for text kinds, `eq` otherwise. */
  readonly op?: FilterOp;
  /** Shown as an always-visible filter in the admin (others sit behind "Add filter"). */
  readonly alwaysOn?: boolean;
  /**
   * Also a "between" filter (numbers, dates, times): `<param>From` and `<param>To`, both
   * inclusive; a time's bounds may be days (`To=2024-05-01` takes the whole UTC day). The admin
   * shows this pair instead of the single filter, which stays in the API (`mall`'s day filters).
   */
  readonly range?: boolean;
};

export type EnumOption = {
  readonly value: number | string;
  /** i18n key suffix: the label is `resources.<entity>.enums.<field>.<label>`. */
  readonly label: string;
};

export type FieldOptions<T> = {
  /** Must be present and non-empty on create. Required fields are never null. */
  readonly required?: boolean;
  /**
   * Message key when the field is missing or empty (default `required`): "Logistics company is
   * required" where a bare "Required" says too little.
   */
  readonly requiredMessage?: string;
  /** Value used on create when the client sends none. */
  readonly default?: T;
  /** Set by the server only: refused in bodies, shown read-only. */
  readonly serverManaged?: boolean;
  /**
   * A server-managed value the area works out (its hooks' `derive`) from the fields named in
   * `from` and the rows they point at, on create and on every update that sends one of them: a pay
   * record's amount from its plan, a member's apply status from its shop's approval setting. The
   * `default` is what stands when the area derives nothing. docs/guide/derived-values.md.
   */
  readonly derived?: { readonly from: readonly string[] };
  /** Accepted on create, refused on update. */
  readonly immutable?: boolean;
  /** Refuse a value another row of the same table (and tenant) already holds. */
  readonly unique?: boolean;
  /** Column in the admin list (true) and its position among the columns. */
  readonly list?: boolean;
  /**
   * How much the list column is worth when the window is narrow: `low` columns start hidden below
   * 1600 px of window width, `medium` ones below 1300 px; unmarked columns always show. The list's
   * Columns chooser still brings any back (the user's choice is kept and wins).
   */
  readonly listPriority?: 'low' | 'medium';
  /** A list filter on this field. `true` uses the defaults of the kind. */
  readonly filter?: boolean | FilterDecl;
  /** The list may be sorted by this field (`sort`/`order` query extension; admin column header). */
  readonly sortable?: boolean;
  /**
   * Inline switch in the list for a flag. The path (under the entity's API base) takes `ids` and
   * the field's value as query parameters, as `mall`'s batch status endpoints do:
   * `POST /brand/update/showStatus?ids=1,2&showStatus=1`. On a whole number, an inline editor
   * (a recommendation's sort: `POST /home/brand/update/sort/{id}?sort=5`, one id in the path).
   */
  readonly toggle?: string;
  /** Form section (i18n key `resources.<entity>.sections.<section>`); fields without one go first. */
  readonly section?: string;
  /** Database column; default: snake_case of the field name. */
  readonly column?: string;
  /** Shown on the Show/detail view only, not in forms. */
  readonly detailOnly?: boolean;
  /**
   * Not a column of the entity's table: the engine keeps it elsewhere (child rows, reference
   * lists) or the entity's server hooks do (an account's roles).
   */
  readonly virtual?: boolean;
  /** Left out of list answers (`mall` nulls TEXT columns in lists). */
  readonly omitInList?: boolean;
  /**
   * A row action's reference parameter: only a target whose field of this name holds the acted-on
   * record's value (a return is sent back to an address of the return's own shop). The picker
   * lists those alone; the server refuses another (`invalid_reference`).
   */
  readonly sameAs?: string;
};

export type KindOptions = {
  /** text kinds: inclusive character limits. */
  readonly length?: readonly [min: number, max: number];
  readonly pattern?: RegExp;
  /** text: a web address people follow (`http://` or `https://` only), checked by server and form alike. */
  readonly url?: boolean;
  /**
   * text: surrounding spaces are dropped before the checks and the value is kept without them, so
   * a value of spaces alone is missing (a typed company name: "  " is no name).
   */
  readonly trim?: boolean;
  /** numbers: inclusive bounds (money in major units, e.g. 9999.99). */
  readonly min?: number;
  readonly max?: number;
  /** enum: the allowed values with their label keys. */
  readonly options?: readonly EnumOption[];
  /** images, references: most items allowed. */
  readonly maxCount?: number;
  /** reference, references: target entity name and the field shown for it. */
  readonly reference?: { readonly entity: string; readonly display: string };
  /** text: the display name of the record the reference field named here points at (see `referenceName`). */
  readonly nameOf?: string;
  /** text with `nameOf`: the name read when the reference is empty (see `referenceName`'s `none`). */
  readonly noneName?: string;
  /** json: the shape of the value. */
  readonly schema?: z.ZodType;
  /** images: stored as one comma-joined string, as `mall` stores `albumPics`. */
  readonly joined?: boolean;
  /** dateTime: stamped by the server with the write's time, on create or on every write (see `dateTime`). */
  readonly auto?: 'create' | 'update';
  /** children: the child table and the fields of its rows. */
  readonly children?: ChildRowsDecl;
  /** references: kept in this relation table (a stored many-to-many), not only an action parameter. */
  readonly relation?: RelationDecl;
  /** secret: stored as a one-way hash (a password) instead of encrypted. */
  readonly hash?: boolean;
};

/** A rule over one child row: field errors (message keys) for fields of that row. */
export type RowRule = (row: Readonly<Record<string, unknown>>) => readonly { field: string; messageKey: string }[];

/**
 * Rows owned by the record (a product's SKUs, price tiers), stored in `table` with the record's id
 * in `link` (and its shop in `tenant` when the record belongs to a shop). The list is written as a
 * whole: a create or an update that sends it replaces the stored rows inside the same transaction
 * (a row that carries the `id` of one of the record's rows keeps that row and its server-managed
 * values; rows left out are deleted), and a record's rows go with it when it is deleted. The rows
 * come back on `GET {path}/{id}` (and in list answers with `inList`), oldest row first.
 */
export type ChildRowsDecl = {
  readonly table: string;
  /** Column of the child table holding the owner's id. */
  readonly link: string;
  /** Column of the child table holding the owner's shop; needed when the owner is shop-owned. */
  readonly tenant?: string;
  /** The row's fields, declared with the same kinds and options as an entity's (no nested lists). */
  readonly fields: Readonly<Record<string, FieldDecl>>;
  /** Fewest rows (0 by default) and most rows (100 by default). */
  readonly min?: number;
  readonly max?: number;
  /** Message keys for too few / too many rows (default `too_few_rows` / `too_many_rows`, with `{min}`/`{max}`). */
  readonly minMessage?: string;
  readonly maxMessage?: string;
  /** Cross-field rules of one row (a full/reduce tier's reduction below its threshold). */
  readonly refine?: RowRule;
  /** Also in list answers (one more query per page); otherwise only on single-record reads. */
  readonly inList?: boolean;
};

/**
 * A stored many-to-many reference: the record's picks of `reference.entity` rows, one row per pick
 * in the relation `table` (`own`: this record's id, `other`: the picked id), written as a whole
 * like child rows, each id once. Ids must name rows the caller may see that match `where`
 * (equality on target fields).
 */
export type RelationDecl = {
  readonly table: string;
  readonly own: string;
  readonly other: string;
  /** Message key for more picks than `maxCount` (default `too_many_ids`, with `{max}`): "Up to three". */
  readonly maxMessage?: string;
  /** Only target rows with these field values may be picked (e.g. parameters: `{ type: 1 }`). */
  readonly where?: Readonly<Record<string, number | string>>;
  /**
   * Each pick travels as `mall`'s relation row instead of a bare id (a product's
   * `subjectProductRelationList: [{ subjectId: 3 }]`): read back as `{ id, [own]: recordId,
   * [other]: pickedId }`, written as rows naming the pick by `other` (a row's `id` and `own`
   * posted back are ignored) or as bare ids. The keys are the row's JSON names.
   */
  readonly rows?: RelationRowsDecl;
};

/** How a reference list's picks travel as `mall`'s relation rows (RelationDecl `rows`). */
export type RelationRowsDecl = {
  readonly own: string;
  readonly other: string;
  /** The owner's key is answered null, as `mall`'s `GET /coupon/{id}` answers `couponId: null` in its relation rows. */
  readonly ownNull?: boolean;
  /**
   * Keys the rows answer beside the pick, read from the picked row when the record is read (never
   * stored, ignored when posted back): JSON key → a stored field of the target (`productName:
   * 'name'`), or `<field>.<field>` through one of its reference fields or its tree parent
   * (`parentCategoryName: 'parentId.name'`). `mall` stores such names in the relation table; read
   * from the row they name, they never go stale.
   */
  readonly names?: Readonly<Record<string, string>>;
};

/** A declared field. `T` is the value type in API records (phantom, for inference); `K` its kind. */
export type FieldDecl<T = unknown, K extends FieldKind = FieldKind> = FieldOptions<T> & KindOptions & {
  readonly kind: K;
  /** @internal phantom marker carrying the value type. */
  readonly __type?: T;
};

export type InferField<D> = D extends FieldDecl<infer T>
  ? (D extends { required: true } ? T : D extends { default: unknown } ? T : D extends { children: object } | { relation: object } ? T : T | null)
  : never;
export type InferFields<F extends Record<string, FieldDecl>> = { [K in keyof F]: InferField<F[K]> };

export const isTextKind = (kind: FieldKind): boolean => KINDS[kind].text;

/** The resolved filter of a field, or null. */
export const filterOf = (fieldName: string, decl: FieldDecl): Required<Omit<FilterDecl, 'alwaysOn' | 'range'>> & { alwaysOn: boolean } | null => {
  if (!decl.filter) return null;
  const options: FilterDecl = decl.filter === true ? {} : decl.filter;
  return {
    param: options.param ?? fieldName,
    op: options.op ?? (isTextKind(decl.kind) ? 'like' : 'eq'),
    alwaysOn: options.alwaysOn ?? false,
  };
};

/** The two query parameters of a field's range filter, or null when it declares none. */
export const rangeOf = (fieldName: string, decl: FieldDecl): { from: string; to: string } | null => {
  const filter = filterOf(fieldName, decl);
  if (!filter || typeof decl.filter !== 'object' || !decl.filter.range) return null;
  if (!KINDS[decl.kind].range) throw new Error(`${fieldName}: a range filter needs a number, date or time field, not ${decl.kind}`);
  return { from: `${filter.param}From`, to: `${filter.param}To` };
};
