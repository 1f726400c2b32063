/**
 * Every type of the entity declaration language, in one leaf module: it imports no sibling, so
 * the modules that hold the language's functions (./fields.ts, ./actions.ts, ./traits.ts,
 * ./storage.ts, ./fieldBuilders.ts, ./entity.ts) all import their types from here and none of
 * them imports another back.
 */
import type { z } from 'zod';

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
   * inclusive; a time's bounds may be days (`To=2024-05-01` takes the whole day in the caller's
   * time zone: a seller's shop's, the platform's for staff). The admin
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
   * A reference that takes only a target whose field of this name holds the same value: a row
   * action's parameter, the acted-on record's (a return is sent back to an address of the return's
   * own shop); an entity's field, the record's own (a product's freight template is one of the
   * product's shop). The picker lists those alone; the server refuses another (`invalid_reference`,
   * or the field's `invalidMessage`), whoever writes.
   */
  readonly sameAs?: string;
  /**
   * reference: `mall`'s forms write "none" as 0 (a product's `feightTemplateId: 0`); in a record's
   * create or update body an optional reference of 0 then reads as none (server/crud/lenient.ts),
   * where any other reference refuses 0 as out of range.
   */
  readonly zeroIsNone?: boolean;
  /**
   * reference, references: the message key when a value names no row the caller may see (default
   * `invalid_reference`): "choose a product of this shop" where a bare "does not exist" says too
   * little. Said alike of a missing row and another shop's, so it reveals nothing either way.
   */
  readonly invalidMessage?: string;
  /**
   * A column that names a record of another entity without being a `reference` field (a plain
   * id kept as `int`, or a copy of its name): `{ entity, by }`, `by` the target's field it holds
   * (default `id`). The engine counts it among the target's references (./merge.ts).
   */
  readonly refersTo?: { readonly entity: string; readonly by?: string };
  /**
   * What a merge of two records of the entity this field refers to does with the rows naming the
   * removed one (./merge.ts, docs/guide/merges.md). Every reference to a mergeable entity needs one.
   */
  readonly onMerge?: MergeRule;
};

/**
 * A reference's merge rule. `move`: the rows become the kept record's (their reference set to it,
 * and `copy` refreshes the copies they keep of it: `{ memberUsername: 'username' }`, this entity's
 * field ← the target's). `repoint`: only the reference changes; the row keeps what it recorded at
 * the time (a history); with `unique` (columns that, with the reference, are unique: a cart line's
 * product and SKU), a row of the removed record that the kept one already has is dropped first,
 * the kept one's row staying. `refuse`: while the removed record has such rows the merge is refused,
 * 409 with `messageKey` naming why.
 */
export type MergeRule =
  | { readonly policy: 'move'; readonly copy?: Readonly<Record<string, string>> }
  | { readonly policy: 'repoint'; readonly unique?: readonly string[] }
  | { readonly policy: 'refuse'; readonly messageKey: string };

/**
 * A mergeable entity (`merge` on it): two of its records become one, the kept one, in one
 * transaction. `others` are the rules of columns no declared entity holds (a hand table's
 * `member_id`): `{ table, column, rule }`.
 */
export type MergeDecl = {
  readonly others?: readonly { readonly table: string; readonly column: string; readonly rule: MergeRule }[];
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
  /**
   * Any kind: a read-only value read from the record the reference field `of` points at (see
   * `referenceValue`): its stored field `fields[0]`, or what `derive` makes of several.
   */
  readonly readFrom?: ReadFrom;
  /** int: how many picks the reference list field named here holds (see `pickCount`). */
  readonly countOf?: string;
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

/**
 * Where a `referenceValue` field is read from: stored fields of the record the reference field
 * `of` points at, given to `derive` as the API answers them (money as decimals), by field name.
 * Without `derive` the value is the one field's.
 */
export type ReadFrom = {
  readonly of: string;
  readonly fields: readonly string[];
  readonly derive?: (values: Readonly<Record<string, unknown>>) => unknown;
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

/** Where an action works: on one row, on the selected rows, or on the collection (no row). */
export type ActionOn = 'row' | 'selection' | 'collection';

/**
 * Something done to an entity beyond create/read/update/delete, served by the engine and run by
 * the area's handler (server/crud/actions.ts): the engine validates the parameters, loads the
 * target rows inside the caller's shop scope, runs the handler in one transaction with an audit
 * row (writes), answers in the envelope and documents it; the browser calls it through
 * `dataProvider.action` and may show it as a button (src/engine/ActionButton.tsx).
 *
 * The target rows' ids arrive as a `{placeholder}` of the path (`/listMenu/{roleId}`, a row), or
 * else in the query or form parameter `idParam` (`roleId` for a row; `ids=1,2,3` for a selection
 * by default). A write is `POST`, a read `GET`, as `mall` has them.
 */
export type ActionDecl<P extends Readonly<Record<string, FieldDecl>> = Readonly<Record<string, FieldDecl>>> = {
  readonly on: ActionOn;
  /** Under the entity's path (`/allocMenu`), or from the API root with `root` (`/capacity/list` on user groups). */
  readonly path: string;
  readonly root?: boolean;
  /** The parameter carrying the target id(s) when the path has no placeholder; default `id` (row) or `ids` (selection). */
  readonly idParam?: string;
  /**
   * The JSON body as a whole is this declared parameter (`mall`'s `POST /sku/update/{pid}` takes
   * an array of rows); the other parameters come from the query.
   */
  readonly bodyParam?: string;
  /**
   * selection: the JSON body is an array of rows, one per target, each naming its record by
   * `idParam` and carrying the declared parameters for that record alone (`mall`'s
   * `POST /order/update/delivery` takes `[{orderId, deliveryCompany, deliverySn}]`). Every row is
   * validated (errors name the row: `2.deliverySn`), one bad row refuses the whole call, a record
   * named twice is refused; the handler reads each record's parameters from `rowParams`.
   */
  readonly bodyRows?: boolean;
  /** selection: the message key of an empty selection (default `select_record`): "Please select the orders to operate". */
  readonly selectMessage?: string;
  /** selection: most ids one call may name (default 1000). */
  readonly maxIds?: number;
  /** Declared like fields (same kinds, rules and labels: `resources.<entity>.actions.<name>.fields.<param>`). */
  readonly params?: P;
  /** Changes data: POST, one transaction with an audit row. Otherwise a GET read. */
  readonly writes: boolean;
  /** The audit row's action; default the name in snake_case (`allocMenu` → `alloc_menu`). */
  readonly audit?: string;
  /** One line for the API documentation. */
  readonly summary: string;
  /**
   * A generic button (row, bulk or toolbar by `on`; a dialog asks for the parameters, or to
   * confirm). Default: for writes. `false` where an area screen of its own calls the action;
   * `'show'`: a row action's button only on the record's show view, not on every list row.
   */
  readonly button?: boolean | 'show';
  /**
   * The generic button's "Done" says what happened: `resources.<entity>.actions.<name>.done`,
   * filled with the answer's data fields (`{ given, skipped }` → "Given to %{given} members…"),
   * instead of the bare "<action>: done".
   */
  readonly doneMessage?: boolean;
  /**
   * The confirmation of an action without parameters says `resources.<entity>.actions.<name>.confirm`
   * (what it does and what it cannot undo, with `%{record}`), instead of the generic question.
   */
  readonly confirmMessage?: boolean;
  /** A change of the entity's state (its `states.field`, see TransitionDecl): a write the engine carries out itself. */
  readonly transition?: TransitionDecl;
  /**
   * An action that keeps the state but is allowed only while a record is in one of these states
   * (`states.field`; an order's fees change only before it ships). The engine refuses a row in
   * another state as it refuses a transition (409 `wrong_state` on the state field, nothing
   * changed), a selection keeps its eligible rows (the others answered as `skipped`), and the
   * browser offers the button only on rows whose state allows it. Not with `transition`.
   */
  readonly inStates?: readonly (number | string)[];
  /**
   * row: the generic button's form starts from the record's values of the parameters' names (a
   * receiver's change starts from the current receiver); a function answers the starting values
   * from the record (a return's refund starts at what the buyer paid for the line).
   */
  readonly prefill?: boolean | ((record: Readonly<Record<string, unknown>>) => Readonly<Record<string, unknown>>);
  /**
   * One route for several row transitions, as `mall` has them (`POST /returnApply/update/status/{id}`
   * with `status`): this declared parameter's value is the state to go to, and the engine runs the
   * row transition to that state (its parameters, rules, handler, history and audit) with its own
   * parameters read from the same request. The action declares every key the route takes; those
   * the chosen transition does not declare are checked and then ignored (`mall`'s client posts
   * every field each time). A value no row transition goes to is `invalid_value`. No handler.
   */
  readonly dispatch?: string;
};

/**
 * A named transition of the entity's state field (`states`): allowed from the `from` states, it
 * sets `to`. The engine refuses a row in another state (409 `wrong_state`, a field error on the
 * state field, nothing changed); for a selection it keeps the eligible rows and answers the ids
 * it skipped (`skipped` in the envelope), refusing only when none is eligible (`none`, default
 * `none_eligible`: `mall`'s "No shippable orders in the selected orders"). It sets the state,
 * stamps the `auto: 'update'` times, writes a history row per record (when `states.history`
 * says where) and an audit row per record, in the action's transaction; an area handler is
 * optional (checks and writes of its own, before the state changes). The browser offers a row
 * only the transitions its state allows.
 */
export type TransitionDecl = {
  readonly from: readonly (number | string)[];
  readonly to: number | string;
  /** The message key of a refused selection where no record is eligible. */
  readonly none?: string;
  /**
   * Other fields of the entity the transition sets with the state, in the same update (an order
   * becomes paid when it goes to pending shipment): fields the server manages, each with a value
   * of its own. Only the transition moves them; they go into the audit row's before and after.
   */
  readonly sets?: Readonly<Record<string, number | string>>;
};

/**
 * The history of an entity's state (`mall`'s `oms_order_operate_history`): a declared entity the
 * engine writes one row to per transition and record, naming its fields: the record's id
 * (`record`), the state after (`to`), and optionally before (`from`), the note parameter's value
 * (`note`, a parameter of that name), the admin who did it (`operator`, their id) and when
 * (`time`). A history entity with the same tenant column gets the record's shop.
 */
export type HistoryDecl = {
  readonly entity: string;
  readonly record: string;
  readonly to: string;
  readonly from?: string;
  readonly note?: string;
  readonly operator?: string;
  readonly time?: string;
  /**
   * The record's own read (`GET {path}/{id}`) also answers its history rows under this key,
   * newest first, `[]` when there are none: `mall`'s order detail `historyList`.
   */
  readonly inRecord?: string;
  /**
   * The fields of a note the server wrote as a message key (`noteKey`, a key under
   * `resources.<history entity>.notes`) and its parameters (`noteParams`): the screens show it in
   * the reader's language; a row without a key shows `note` as written.
   */
  readonly noteKey?: string;
  readonly noteParams?: string;
  /** The keys `noteKey` may hold, with their English text (`{param}` placeholders): the labels the screens translate. */
  readonly notes?: Readonly<Record<string, string>>;
};

/** The parameter values an action's handler receives, typed from its declaration. */
export type ParamsOf<D> = D extends ActionDecl<infer P> ? InferFields<P> : never;

/** How a column-comparison filter compares its two columns (`field` op `than`). */
export type CompareOp = 'lt' | 'lte' | 'gt' | 'gte';

/**
 * A boolean list filter comparing two columns of the same row (docs/guide/field-kinds.md,
 * "Column comparison filters"): `?<param>=1` (or `true`) keeps the rows whose `field` is `op`
 * `than`; `0`, `false` or no value filters nothing. Both fields are stored numbers, dates or times.
 * A row whose `field` holds one of `except` (an int field) never matches (a product's stock of -1 is unlimited,
 * never low). The engine derives a partial index of the matching rows (server/crud/indexes.ts),
 * so the filtered list and its total read those rows alone. Its label is
 * `resources.<entity>.filters.<param>`; the list shows it as a chip (a checkbox when `alwaysOn`).
 */
export type CompareFilterDecl<K extends string = string> = {
  readonly field: K;
  readonly op: CompareOp;
  readonly than: K;
  readonly except?: readonly number[];
  readonly alwaysOn?: boolean;
};

/** A resolved column-comparison filter: its parameter and the two columns. */
export type CompareFilter = CompareFilterDecl & { readonly param: string; readonly column: string; readonly thanColumn: string; readonly except: readonly number[]; readonly alwaysOn: boolean };

/**
 * A table whose rows hang on a record (server/crud/owns.ts). What deleting the record (or purging
 * it from the recycle bin) does with them:
 * - `restrict`: refused (409, `messageKey` names what blocks it) while any row exists, in the bin
 *   or not; the foreign key must be RESTRICT or NO ACTION, so the database refuses what code forgets;
 * - `rules`: each row is deleted through its own entity's delete (its hooks, child lists and audit
 *   row), in the record's transaction; a refusal there refuses the whole delete;
 * - `cascade`: pure parts of the record (a session of an account): deleted with it, no audit row.
 */
export type OwnsDecl = {
  readonly table: string;
  readonly column: string;
  readonly policy: 'restrict' | 'rules' | 'cascade';
  /** restrict: the refusal's message key (`shop_has_orders`). */
  readonly messageKey?: string;
  /** rules: the entity the rows are records of. */
  readonly entity?: string;
};

/**
 * Counts kept by the writes themselves (server/crud/counters.ts): for each field of `by` (number
 * values: int, flag, numeric enum, reference), how many live records (outside the recycle bin)
 * each shop holds per value, in a counts table that database triggers keep on every write, whoever
 * makes it. Reading them (`countsBy`) sums a few rows instead of counting the whole table. The
 * migration creates them (`createCounters`); the start stops when they are missing.
 */
export type CountersDecl<K extends string = string> = { readonly by: readonly K[] };

/**
 * A recycle bin (src/schema/engine/recycleBin.ts): `field` is a server-managed flag, 0 for a live record
 * and 1 in the bin (`mall`'s `deleteStatus`). Delete sets it; every read, list, look-up and
 * reference check sees live records only; the list shows the bin with `?<field>=1`; `restore`
 * and `purge` (delete for good) take the bin's records by `?ids=`.
 */
export type SoftDeleteDecl<K extends string = string> = { readonly field: K };

/**
 * The `fields` hold a combination of values only one row has, among the rows that match `where`
 * (each field equal to its value, `null` for empty): one pending application per member is
 * `{ fields: ['memberId'], where: { status: 0 } }`. Checked in the write's transaction against
 * the record as written (409 `not_unique` on the last of `fields`); the migration backs it with
 * a unique index on those columns, partial (`WHERE status = 0`) when there is a condition.
 * Empty values never clash, as in SQL. Unlike a field's `unique`, the tenant is not implied:
 * list its field to make the rule per shop.
 */
export type UniqueDecl<K extends string = string> = {
  readonly fields: readonly K[];
  /** The refusal's message key when not `not_unique` (`repeated_application`: "Have repeated submit application"). */
  readonly messageKey?: string;
  readonly where?: Readonly<Partial<Record<K, number | string | null>>>;
};

/**
 * A tree of records of one table: `parent` holds the parent's id (`root`, 0 by default, at the
 * top) and `level` (server-managed) the depth, 0 at the top, kept from the parent on every write
 * and carried down to the descendants when a record moves. A parent that does not exist, the
 * record itself or one of its descendants is refused on `parent` (the tree stays a tree), as is a
 * move that would put the record or its descendants deeper than `levels`. A record with children
 * cannot be deleted (`hasChildren` is the message key saying why). The list is per parent (the
 * list path or filter on `parent`), with a way to the next level and back.
 */
export type TreeDecl<K extends string = string> = {
  readonly parent: K;
  readonly level: K;
  /** How many levels there may be (2: top-level records and their children); unlimited when absent. */
  readonly levels?: number;
  readonly root?: number;
  readonly hasChildren: string;
};

/**
 * A batch operation over `?ids=1,2,3`: delete, or set one flag/enum field to a value. A path with
 * `{id}` takes one id from the path instead (`mall`'s `/role/updateStatus/{id}?status=0`).
 */
export type BatchDecl =
  | { readonly kind: 'delete'; readonly path: string }
  | { readonly kind: 'set'; readonly path: string; readonly field: string; readonly param?: string };

/**
 * Another route in the shape `mall`'s admin calls, served by the engine from the declaration:
 * - `alias`: a generated operation under another method or path (`GET /brand/delete/{id}`;
 *   `of: 'set'` is the batch setting `field`, one id from a `{id}` path; `of: 'get'` the
 *   single-record read); `answer: 'null'`
 *   answers `data: null` instead of the row count, as `mall` does there.
 * - `nested`: every row (those matching `where`) with a list of child rows, all answered with
 *   only `fields` filled and every other field null, as `mall`'s joined look-ups
 *   (`GET /productCategory/list/withChildren`).
 * - `view`: a read the entity's server hooks implement under `name` (relation tables the
 *   declaration does not describe), e.g. `GET /productAttribute/attrInfo/{productCategoryId}`.
 */
export type VariantDecl =
  | { readonly kind: 'alias'; readonly method: 'GET' | 'POST'; readonly path: string; readonly of: 'delete'; readonly answer?: 'null' }
  | { readonly kind: 'alias'; readonly method: 'GET' | 'POST'; readonly path: string; readonly of: 'set'; readonly field: string }
  /**
   * The single-record read under another path (`GET /product/updateInfo/{id}`); `extra` names a
   * view of the entity's server hooks whose answer (an object) joins the record's fields there.
   */
  | { readonly kind: 'alias'; readonly method: 'GET'; readonly path: string; readonly of: 'get'; readonly extra?: string }
  | {
    readonly kind: 'nested'; readonly path: string; readonly fields: readonly string[];
    readonly where?: Readonly<Record<string, number>>;
    readonly children: {
      readonly entity: string; readonly link: string; readonly as: string; readonly fields: readonly string[];
      readonly where?: Readonly<Record<string, number>>;
    };
  }
  | { readonly kind: 'view'; readonly path: string; readonly name: string; readonly summary: string };

export type EntityOptions<F extends Record<string, FieldDecl>> = {
  /** react-admin resource name; i18n under `resources.<name>`. */
  readonly name: string;
  /** API base path, e.g. `/brand`. */
  readonly path: string;
  readonly table: string;
  /** Column holding the owning shop for shop-scoped entities; `null` for platform entities. */
  readonly tenant: string | null;
  /**
   * With a `tenant`: a row whose tenant is null is the platform's (a platform coupon beside the
   * shops' own). Staff (every shop) create one by leaving the shop out (the default shop does not
   * apply to it); a seller's scope never holds one, so a seller neither reads nor writes platform
   * rows, and its create without the shop goes to its only shop (or is refused with `choose_shop`).
   */
  readonly platformRows?: boolean;
  /**
   * The field naming the account that owns each record (a server-managed `reference('admin', …)`),
   * for records that belong to a seller rather than a shop (a VIP payment): the engine stamps it
   * with the creator on create, and a seller sees and changes only its own records (another's is
   * "not found", like another shop's); staff see all. Usually with `tenant: null`.
   */
  readonly owner?: keyof F & string;
  /**
   * Where the entity's screens live: the route names (see `routes.ts`, which places each route in
   * its menu section) of the list screen and, where the entity has them, its create and edit
   * screens (`mall`'s `/pms/addBrand`, `/pms/updateBrand?id=1`). `screens: false`: it has none of
   * its own and only borrows the route for its headings and labels (the product form's topic
   * look-up), so the route's screen needs none of its endpoints (src/schema/routeNeeds.ts).
   */
  readonly menu: { readonly route: string; readonly create?: string; readonly edit?: string; readonly screens?: false };
  readonly fields: F;
  /**
   * List path under `path` when it is not `/list`; `{field}` segments are filled from that
   * filter (`mall`: `/productCategory/list/{parentId}`). The field's filter must then be present.
   */
  readonly listPath?: string;
  /**
   * The list's path from the API root when it lies outside `path`, as `mall`'s member list
   * (`GET /admin/listMember`) does; the only list route then (a `listPath` is not used with it).
   */
  readonly listAt?: string;
  /**
   * Keyword search across several text fields, e.g. `{ param: 'keyword', fields: ['name'] }`; a longer keyword is refused (default 200).
   * `index: 'trigram'`: the keyword is served by a trigram index over those fields (a pg_trgm GIN
   * index / an FTS5 trigram table, server/crud/search-index.ts) instead of a walk over every row,
   * with the same answer; a migration creates it with `createSearchIndex`.
   */
  readonly search?: { readonly param: string; readonly fields: readonly (keyof F & string)[]; readonly maxLength?: number; readonly index?: 'trigram' };
  /**
   * Create and update bodies are taken exactly as sent: read-only keys posted back (`id`,
   * server-managed fields) are refused instead of ignored, and numbers written as strings are
   * wrong types (./lenient.ts is for `mall`'s clients; the admin accounts have always been strict).
   */
  readonly strictBody?: boolean;
  /**
   * Keys `mall`'s clients send that this entity does not store (its product form's
   * `flashPromotion*`), or that its own answers carry beside the fields (a view's extra, such as
   * `cateParentId` of `GET /product/updateInfo/{id}`), posted back with the rest: dropped from
   * create and update bodies (./lenient.ts) instead of refused as unknown. Only these: any other
   * unknown key is still refused.
   */
  readonly ignoredKeys?: readonly string[];
  /** Default list order; `mall` orders many lists by `sort desc`. */
  readonly defaultSort?: { readonly field: keyof F & string | 'id'; readonly order: 'ASC' | 'DESC' };
  /** Field shown when another entity references this one. */
  readonly display: keyof F & string | 'id';
  /**
   * The fields that name one record to a person in confirmations and titles ("Confirm return:
   * 2026112800300120 · Printed paper bag"), for entities whose `display` is a bare id; their
   * shown values joined. Default: the `display` field.
   */
  readonly naming?: readonly (keyof F & string)[];
  /** Batch endpoints (mall paths). */
  readonly batch?: readonly BatchDecl[];
  /** Also `GET {path}/listAll`: every row (scoped), not paged, in the default order (look-ups). */
  readonly listAll?: boolean;
  /** `mall`'s other paths and methods for this entity's operations (see VariantDecl). */
  readonly variants?: readonly VariantDecl[];
  /**
   * Create and update also take the writable fields as query or form parameters, as `mall`'s
   * `POST /productAttribute/category/create?name=` does; a JSON body still works.
   */
  readonly paramsBody?: boolean;
  /**
   * A list request whose only parameter is this field's filter answers every matching row as a
   * plain array, as `mall`'s `GET /memberLevel/list?defaultStatus=0` does; any other list request
   * (paging, `ids`, more filters) answers a page like every list.
   */
  readonly lookupBy?: keyof F & string;
  /**
   * A list request with no parameter at all answers every row (in the caller's scope) as a plain
   * array, as `mall`'s `GET /companyAddress/list` does; with paging or filters it answers a page.
   */
  readonly plainList?: boolean;
  /**
   * `POST {path}/create` also takes an array of records (`mall`'s `/home/brand/create` takes
   * `[{brandId, brandName}]`): each validated like a create body (errors name the row:
   * `1.brandId`), all created in one transaction (one bad row refuses them all), answering how
   * many; one record as an object is created as usual and answered. The admin's create dialog
   * picks several `pick` targets at once (a searchable multi-select over the reference) and sends
   * one record per pick.
   */
  readonly createMany?: { readonly pick: keyof F & string };
  /** Create's path from the API root when it is not `{path}/create` (a seller's VIP application: `/vip/apply`). */
  readonly createPath?: string;
  /** Which generated routes exist; all by default. */
  readonly routes?: Partial<Record<'list' | 'get' | 'create' | 'update' | 'delete', boolean>>;
  /** Delete style: `POST /x/delete/{id}` (default) or only through the batch delete endpoint. */
  readonly deleteStyle?: 'path' | 'batch';
  /** Cross-field rules: return field errors (message keys) for a complete record. */
  readonly refine?: (record: Partial<InferFields<F>>) => readonly { field: keyof F & string; messageKey: string }[];
  /** The records form a tree (see TreeDecl): one generic implementation on both halves. */
  readonly tree?: TreeDecl<keyof F & string>;
  /** Values unique together, among the rows matching a condition (see UniqueDecl). */
  readonly unique?: readonly UniqueDecl<keyof F & string>[];
  /** Operations beyond CRUD, by name (see ActionDecl). */
  readonly actions?: Readonly<Record<string, ActionDecl>>;
  /** The state field its transitions change (actions with a `transition`), and where its history goes. */
  readonly states?: { readonly field: keyof F & string; readonly history?: HistoryDecl };
  /** Delete moves records to a recycle bin, with restore and delete for good (see SoftDeleteDecl). */
  readonly softDelete?: SoftDeleteDecl<keyof F & string>;
  /** Boolean list filters comparing two columns of a row, by query parameter (see CompareFilterDecl): `lowStock: { field: 'stock', op: 'lte', than: 'lowStock' }`. */
  readonly compareFilters?: Readonly<Record<string, CompareFilterDecl<keyof F & string>>>;
  /** Exact counts of live records per shop and value of these fields, kept by the database (see CountersDecl). */
  readonly counters?: CountersDecl<keyof F & string>;
  /**
   * Filter combinations read often enough on a large table to get an index of their own: each is
   * the recycle-bin flag, these fields' columns in this order (equality filters first, one range
   * filter last), then `id` (server/crud/indexes.ts). The derived indexes serve one filter each; a
   * list that combines several (an order list by shop, status and date) then reads every row of
   * the most selective one to check the others, where this index answers its count from the index alone.
   */
  readonly listIndexes?: readonly (readonly (keyof F & string)[])[];
  /**
   * Written all the time while its lists are read (the orders of a live shop): its writes go to a
   * row log (server/db/row-log.ts), so a list kept from before them catches up by checking the
   * rows written since instead of being read again (a keyword among a million orders was searched
   * again after every write). Costs each written row one log entry.
   */
  readonly rowLog?: boolean;
  /**
   * The rows of other tables that hang on a record (their column holds its id), each with the
   * rule its delete follows (see OwnsDecl). Child rows and reference lists are owned already.
   * A test (tests/api/engine-owns.test.ts) reads the foreign keys of both databases and fails for a
   * table that references an entity's table with a cascade its declaration does not allow.
   */
  readonly owns?: readonly OwnsDecl[];
  /**
   * Two records may be merged into one (a shop's duplicate members): every declared reference to
   * the entity carries its rule (`onMerge` on the field, or `others` here for columns no entity
   * declares), and server/crud/merge.ts applies them all in one transaction.
   */
  readonly merge?: MergeDecl;
};

export type Entity<
  F extends Record<string, FieldDecl> = Record<string, FieldDecl>,
  A extends Readonly<Record<string, ActionDecl>> = Readonly<Record<string, ActionDecl>>,
  Tb extends string = string,
  Tn extends string | null = string | null,
> = EntityOptions<F> & {
  readonly actions?: A;
  /** Kept literal (like the fields): the table types derived from declarations are keyed by them. */
  readonly table: Tb;
  readonly tenant: Tn;
  /** @internal phantom marker carrying the record type. */
  readonly __record?: { id: number } & InferFields<F>;
};

/** The record an entity's API answers with. */
export type RecordOf<E> = E extends Entity<infer F> ? { id: number } & InferFields<F> : never;

/** The declared actions of an entity, by name (none: empty). */
export type ActionsOf<E> = E extends Entity<Record<string, FieldDecl>, infer A> ? A : never;

/**
 * An API permission unit an area declares (an Ant URL pattern, as `ums_resource.url` in `mall`):
 * `name` is the seeded English name (its description too), `zh` the Chinese the admin shows for
 * it, `seller: true` grants it to the seller role on first start.
 */
export type ResourceDecl = { readonly name: string; readonly zh: string; readonly url: string; readonly seller?: boolean };
export type ResourceCategoryDecl = { readonly name: string; readonly sort: number; readonly resources: readonly ResourceDecl[] };
