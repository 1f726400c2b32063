/**
 * What a browser area (a folder under src/resources/) gives the shell: additions to the generated
 * screens of its entities, and screens of its own by route name. Both load lazily, so the registry
 * (src/resources/index.ts) stays light enough for the shell to import at start. The engine defines
 * this shape and never imports an area; the registry is the only place that lists them.
 */
import type { ComponentType } from 'react';
import type { ENTITIES } from '../schema/entities';
import type { RouteName } from '../schema/routes';
import type { EntityName } from '../schema/entities';
import type { ScreenOptionsOf } from './screenOptions';

/** Screen options by entity name, each keyed by that entity's own field names (a misspelt entity or field does not compile). */
export type ScreenOptionsByEntity = { readonly [K in EntityName]?: ScreenOptionsOf<(typeof ENTITIES)[K]> };

export type LazyScreen = () => Promise<{ readonly default: ComponentType }>;

export type BrowserArea = {
  /** Folder name, for messages. */
  readonly name: string;
  /** Screen options of the area's entities (inputs, row actions, cells, …), loaded with the entity screens. */
  readonly screenOptions?: () => Promise<ScreenOptionsByEntity>;
  /** Screens that are not an entity's list or form, by the route (src/schema/routes.ts) they show at. */
  readonly screens?: Readonly<Partial<Record<RouteName, LazyScreen>>>;
  /** The area's strings in both languages (its entities' labels, its screens' texts); see defineStrings. */
  readonly strings?: AreaStrings;
};

/** A message tree: nested objects with string leaves, as react-admin's translations are. */
type Messages = { readonly [key: string]: string | Messages };

type AreaStrings = { readonly en: Messages; readonly zh: Messages };

/**
 * An area's strings: Chinese is typed by English, so a key missing in either fails type-checking
 * (single-form strings in Chinese: polyglot always picks plural form 0 for `zh`).
 */
export const defineStrings = <const E extends Messages>(en: E, zh: Widen<E>): { readonly en: E; readonly zh: Widen<E> } => ({ en, zh });

/** The shape of an English tree with every text widened to string (what the translation must match). */
type Widen<T> = { readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

export const defineArea = (area: BrowserArea): BrowserArea => area;
