/**
 * The entity declaration language. One `defineEntity` call per entity is the single source of
 * truth for its table, API routes, validation, OpenAPI document, admin screens and labels.
 * Pure TypeScript + zod: no React, no database.
 *
 * The language is split along its seams, each re-exported here so every import keeps reading
 * `./entity`: fields and kinds (./fields.ts, builders in ./fieldBuilders.ts), actions
 * and transitions (./actions.ts), traits (./traits.ts), `mall`'s route variants
 * (./variants.ts) and storage (./storage.ts). This file holds the entity itself.
 */
import type { ActionDecl, HistoryDecl } from './actions';
import type { FieldDecl, InferFields } from './fields';
import type { CompareFilterDecl, CountersDecl, OwnsDecl, SoftDeleteDecl, TreeDecl, UniqueDecl } from './traits';
import type { BatchDecl, VariantDecl } from './variants';

export * from './fields';
export * from './fieldBuilders';
export * from './actions';
export * from './traits';
export * from './variants';
export * from './storage';
export { DEFAULT_MAX_ROWS } from '../rules';

export type EntityOptions<F extends Record<string, FieldDecl>> = {
  /** react-admin resource name; i18n under `resources.<name>`. */
  readonly name: string;
  /** API base path, e.g. `/brand`. */
  readonly path: string;
  readonly table: string;
  /** Column holding the owning shop for shop-scoped entities; `null` for platform entities. */
  readonly tenant: string | null;
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

export const defineEntity = <
  const F extends Record<string, FieldDecl>,
  const A extends Readonly<Record<string, ActionDecl>> = Record<never, ActionDecl>,
  const Tb extends string = string,
  const Tn extends string | null = null,
>(
  options: EntityOptions<F> & { readonly actions?: A; readonly table: Tb; readonly tenant: Tn },
): Entity<F, A, Tb, Tn> => options as Entity<F, A, Tb, Tn>;

/** The declared actions of an entity, by name (none: empty). */
export type ActionsOf<E> = E extends Entity<Record<string, FieldDecl>, infer A> ? A : never;

/** Fields a client may write (not server-managed). */
export const writableFields = (entity: Entity): [string, FieldDecl][] =>
  Object.entries(entity.fields).filter(([, decl]) => !decl.serverManaged);

/** The `referenceName` field that holds the display name of reference field `field`, if declared. */
export const nameFieldOf = (entity: Entity, referenceField: string): string | undefined =>
  Object.entries(entity.fields).find(([, decl]) => decl.nameOf === referenceField)?.[0];

/** A child list seen as an entity of its own, for its labels and validation (`<entity>.children.<list>`). */
export const childEntityOf = (entity: Entity, listName: string): Entity => {
  const decl = entity.fields[listName]?.children;
  if (!decl) throw new Error(`${entity.name}.${listName} is not a child list`);
  return { name: `${entity.name}.children.${listName}`, path: '', table: decl.table, tenant: decl.tenant ?? null, menu: entity.menu, display: 'id', fields: decl.fields };
};
