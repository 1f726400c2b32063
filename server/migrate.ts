/**
 * The schema's migrations: the engine's and the early areas' (server/db/migrations) and those each
 * area brings on its defineArea (`migrations`), run together in name order. The server's start and
 * the tests migrate through here, so an area's tables exist wherever the area is registered.
 */
import type { Migration, MigrationResult } from 'kysely';
import { joinDistinct } from '../src/schema/engine/join';
import type { ServerArea } from './areas/area';
import { AREAS } from './areas/index';
import type { AnyKysely } from './db/index';
import { migrations, migrateWith } from './db/migrations/index';

/** The base list and every area's migrations; a name given twice stops the start (one would silently hide the other). */
export const migrationsOf = (areas: readonly ServerArea[], base: Readonly<Record<string, Migration>> = migrations): Readonly<Record<string, Migration>> => {
  const joined = joinDistinct([['server/db/migrations', base], ...areas.map((area) => [area.name, area.migrations ?? {}] as const)], 'migration');
  // Listed in the order they run (by name), whichever area brings them: an area later in AREAS may bring an earlier number.
  return Object.fromEntries(Object.entries(joined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
};

/** Every migration the registered areas need. */
export const ALL_MIGRATIONS = migrationsOf(AREAS);

/** Brings the schema up to date; throws (with the failing migration's name) on any error. */
export const migrateToLatest = (db: AnyKysely): Promise<MigrationResult[]> => migrateWith(db, ALL_MIGRATIONS);
