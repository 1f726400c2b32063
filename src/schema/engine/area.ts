/**
 * What an area declares for both halves, in its own folder (`src/schema/<area>/index.ts`): its
 * entities, its server messages and menu titles (English and Chinese together), its permission
 * resources by category, and its menu: sections of its own and routes it adds to another area's
 * section. ../areas.ts lists every area once; the entity registry, the message table, the menu
 * titles, the route table and the resource categories are all derived from that list.
 */
import { joinDistinct } from './join';
import type { RouteDecl, SectionDecl } from './routes';
import type { AreaMessages } from './texts';
import type { Entity, ResourceDecl } from './types';

export type SchemaArea = {
  /** The area's folder name (as under server/areas and src/resources). */
  readonly name: string;
  /** Its declared entities, by the name the registry gives them (usually the entity's own). */
  readonly entities: Readonly<Record<string, Entity>>;
  /** Its server messages (`defineMessages`). */
  readonly messages?: AreaMessages;
  /** The titles of its sections and routes, by route name (`defineTexts`). */
  readonly menuTitles?: AreaMessages;
  /** Its permission resources by the name of the category that lists them (../resources.ts has the categories). */
  readonly resources?: Readonly<Record<string, readonly ResourceDecl[]>>;
  /** API paths every signed-in account may call, whatever its roles (its own profile, the home figures). */
  readonly selfService?: readonly string[];
  /** Menu sections of its own, with their routes. */
  readonly sections?: readonly SectionDecl[];
  /** Routes it adds to another area's section, by section name (after that section's own). */
  readonly routes?: Readonly<Record<string, readonly RouteDecl[]>>;
};

/** An area's declarations, kept literal: the registries' types (entity names, message keys, route names) come from them. */
export const defineSchemaArea = <const A extends SchemaArea>(area: A): A => area;

/** Every member of a union, as one intersection (the areas' tables joined). */
type Joined<U> = (U extends unknown ? (part: U) => void : never) extends (part: infer J) => void ? J : never;

/** The tables of texts of the areas that declare one under `key`. */
type TablesOf<U, K extends 'messages' | 'menuTitles'> = U extends { readonly [P in K]: infer T } ? T : never;

/** Every area's entities, by registry name. */
export type EntitiesOf<A extends readonly SchemaArea[]> = Joined<A[number]['entities']>;
/** Every area's server messages. */
export type MessagesOf<A extends readonly SchemaArea[]> = Joined<TablesOf<A[number], 'messages'>>;
/** Every area's menu titles. */
export type MenuTitlesOf<A extends readonly SchemaArea[]> = Joined<TablesOf<A[number], 'menuTitles'>>;

/** Every area's entities in one registry; a name two areas declare stops the start. */
export const joinEntities = <const A extends readonly SchemaArea[]>(areas: A): EntitiesOf<A> =>
  joinDistinct(areas.map((area) => [area.name, area.entities] as const), 'entity') as EntitiesOf<A>;

/**
 * Every area's menu sections as one route table, highest `sort` first: each section's own routes,
 * then the routes other areas add to it, in the areas' order. A route added to a section no area
 * declares stops the start.
 */
export const joinSections = (areas: readonly SchemaArea[]): readonly SectionDecl[] => {
  const sections = areas.flatMap((area) => area.sections ?? []).map((section) => ({ ...section, children: [...section.children] }));
  for (const area of areas) {
    for (const [name, routes] of Object.entries(area.routes ?? {})) {
      const section = sections.find((s) => s.name === name);
      if (!section) throw new Error(`${area.name}: adds routes to section ${name}, which no area declares`);
      section.children.push(...routes);
    }
  }
  return sections.sort((a, b) => b.sort - a.sort);
};
