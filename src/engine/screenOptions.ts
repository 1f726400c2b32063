/**
 * What an entity's screens may add to the generic engine. The declaration stays the source of
 * every field, label and rule; these options only cover what a declaration cannot say about a
 * screen (which query-string parameters pin a list to a parent, a custom input, row buttons).
 */
import type { ComponentType } from 'react';
import type { Identifier } from 'react-admin';
import type { Entity, FieldDecl, RecordOf } from '../schema/engine/entity';
import type { QueryValues } from './routing';

/** A query-string parameter of the screen URL that pins a field (`mall`: `?cid=3&type=0`, `?parentId=5`). */
export type RouteQueryParam<F extends string = string> = {
  readonly param: string;
  readonly field: F;
  /** Used when the URL has none; without a default the list cannot be shown without it. */
  readonly default?: number;
};

/** Props every field input gets, generic or custom. */
export type FieldInputProps = {
  readonly entity: Entity;
  readonly name: string;
  readonly decl: FieldDecl;
  readonly mode: 'create' | 'edit';
};

/** What a view of an entity gets: the declaration and the screen options it was built with. */
export type ViewProps = { readonly entity: Entity; readonly options: EntityScreenOptions };

/** The show view also gets the record's id (from the list's `#show=<id>` link). */
export type ShowViewProps = ViewProps & { readonly id: Identifier };

/**
 * Views an area replaces with a component of its own, built from the engine's blocks
 * (./blocks.ts). Each key replaces that view only; the others stay generated. A misspelt key
 * does not compile. `create` and `edit` replace the routed pages, so the entity needs those routes.
 */
export type EntityViews = {
  readonly list?: ComponentType<ViewProps>;
  readonly create?: ComponentType<ViewProps>;
  readonly edit?: ComponentType<ViewProps>;
  readonly show?: ComponentType<ShowViewProps>;
};

/**
 * `F`: the entity's field names (ScreenOptionsByEntity fills it in), so an input, cell, pinned
 * field or hidden column naming a field the entity lacks does not compile.
 */
export type EntityScreenOptions<F extends string = string> = {
  /** Views replaced by the area's own (see EntityViews). */
  readonly views?: EntityViews;
  /**
   * Offer the show view from each list row (a "View" button; rows of records that cannot be
   * edited open it on click). By default: entities with states or child rows, or a show override.
   */
  readonly showLink?: boolean;
  readonly routeQuery?: readonly RouteQueryParam<F>[];
  /** Inputs that replace the generic one of a field. */
  readonly inputs?: Readonly<Partial<Record<F, ComponentType<FieldInputProps>>>>;
  /** Inputs that replace the generic one of the selection actions' parameters, by parameter name (a category picker). */
  readonly actionInputs?: Readonly<Record<string, ComponentType<FieldInputProps>>>;
  /** Buttons at the end of each list row (the row's record is in context). */
  readonly rowActions?: ComponentType<{ readonly entity: Entity }>;
  /** Shown inside the list, above its rows, with the list's context (filters, selection): status tabs, a summary. */
  readonly listTop?: ComponentType<{ readonly entity: Entity }>;
  /** Buttons among the list's bulk actions, for the selected rows (`useListContext().selectedIds`): an area's own dialog. */
  readonly bulkActions?: ComponentType<{ readonly entity: Entity }>;
  /** Shown above the list, with the pinned route values (e.g. "back to level 1"). */
  readonly listHeader?: ComponentType<{ readonly entity: Entity; readonly pinned: Readonly<Record<string, number | string>> }>;
  /** A settings entity edited as one record at its list route (`mall`'s order settings: id 1). */
  readonly singleRecordId?: Identifier;
  /** List cells that replace the generic display of a field (a wear bar, a coloured status). */
  readonly cells?: Readonly<Partial<Record<F, ComponentType<{ readonly entity: Entity; readonly name: string }>>>>;
  /** Columns hidden until the user shows them (the list's columns button): keeps wide lists readable. */
  readonly hiddenColumns?: readonly F[];
};

/** The screen options of entity `E`, keyed by its field names. */
export type ScreenOptionsOf<E> = EntityScreenOptions<keyof RecordOf<E> & string>;

const asValue = (raw: string): number | string => (/^-?\d+$/.test(raw) ? Number(raw) : raw);

/**
 * Field values pinned by the URL, or null when a parameter without a default is missing (a list
 * cannot be fetched: its path needs the value). `partial` keeps what is there instead (create forms).
 */
export const pinnedValues = (options: EntityScreenOptions, search: URLSearchParams, partial = false): Record<string, number | string> | null => {
  const pinned: Record<string, number | string> = {};
  for (const p of options.routeQuery ?? []) {
    const raw = search.get(p.param);
    if (raw !== null && raw !== '') pinned[p.field] = asValue(raw);
    else if (p.default !== undefined) pinned[p.field] = p.default;
    else if (!partial) return null;
  }
  return pinned;
};

/** The query string that pins the same values again (for links between list, create and edit). */
export const pinQuery = (options: EntityScreenOptions, values: Readonly<Record<string, unknown>>): QueryValues =>
  Object.fromEntries((options.routeQuery ?? []).map((p) => {
    const value = values[p.field];
    return [p.param, typeof value === 'number' || typeof value === 'string' ? value : undefined];
  }));

/** Whether list rows offer the show view (see `showLink`). */
export const offersShow = (entity: Entity, options: EntityScreenOptions): boolean =>
  options.showLink ?? (Boolean(entity.states) || Object.values(entity.fields).some((decl) => decl.kind === 'children') || Boolean(options.views?.show));
