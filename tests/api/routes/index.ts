/**
 * Who may call each API route and what text each hand-written route reads, declared per area in
 * this folder (`<area>.ts`, one `defineRoutes` each) and joined here: the permission matrix
 * (engine-permissions-matrix) requests every route as every kind of caller against `access`, and
 * the hand-route check (engine-hand-routes-unsafe-text) sends NUL and lone surrogates in each
 * declared text parameter. A route or entity no file declares fails both: whoever adds one says
 * who may call it in its area's file, and a new area adds a file, not a line in a shared table.
 */
import { joinDistinct } from '../../../src/schema/engine/join';
import type { Access, AreaRoutes, EntityAccess, HandRoute } from './access';

export type { Access, EntityAccess, HandRoute, Param, Staff } from './access';

const files = import.meta.glob<AreaRoutes>(['./*.ts', '!./index.ts', '!./access.ts'], { eager: true, import: 'routes' });

const join = <T>(pick: (table: AreaRoutes) => Readonly<Record<string, T>> | undefined): Readonly<Record<string, T>> =>
  joinDistinct(Object.entries(files).map(([file, table]) => [file, pick(table) ?? {}] as const), 'route table entry');

/** Engine routes, per entity: the default for its routes and per-operation exceptions. */
export const ENTITY_ACCESS: Readonly<Record<string, EntityAccess>> = join((t) => t.entities);
/** Entities not named in ENTITY_ACCESS, by the menu section their screens live in. */
export const SECTION_ACCESS: Readonly<Record<string, Access>> = join((t) => t.sections);
/** Hand-written routes, by `METHOD /path` as registered (Fastify `:params`, no API prefix). */
export const HAND_ROUTES: Readonly<Record<string, HandRoute>> = join((t) => t.routes);
/** The files the tables were read from (a blind glob would pass anything). */
export const ROUTE_FILES: readonly string[] = Object.keys(files);
