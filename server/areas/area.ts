/**
 * What a server area (a folder under server/areas/) gives the app: rules for its entities that the
 * declarations cannot state (hooks, by entity name), what their declared actions do, routes of its
 * own, and the quotas its rows spend. The engine (server/crud) knows none of them; the registry (./index.ts) is the only list.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely, Migration } from 'kysely';
import type { ENTITIES, EntityName } from '../../src/schema/entities';
import type { Entity } from '../../src/schema/engine/entity';
import type { Config } from '../config';
import type { EntityActions } from '../crud/actions';
import type { EntityHooks } from '../crud/hooks';
import type { Secrets } from '../crud/secrets';
import type { Repository } from '../crud/repository';
import type { ScopeOf } from '../crud/routes';
import type { Database } from '../db/schema';
import type { Job } from '../jobs/runner';
import type { QuotaMeter as EngineQuotaMeter } from '../crud/quotas';
import type { SnakeCase } from '../db/declared';
import type { userGroup } from '../../src/schema/ums/entities';

/**
 * The quotas a user group holds: its declaration's `quota…` fields (null = unlimited), each
 * owned by one meter (QuotaMeter `quota`, server/crud/quotas.ts), stored in its column.
 */
export type QuotaField = Extract<keyof typeof userGroup.fields, `quota${string}`>;
export type QuotaColumn = SnakeCase<QuotaField>;
export type QuotaMeter = EngineQuotaMeter<QuotaField>;

/** The quotas of an account outside every user group (DEFAULT_QUOTA_* settings). */
export type DefaultQuotas = Record<QuotaColumn, number>;

/** What an area's routes are given: the database, the settings, and what the registry collected. */
export type AreaDeps = {
  readonly db: Kysely<Database>;
  readonly config: Config;
  readonly scopeOf: ScopeOf;
  /** Every area's quota meters, for the routes that guard or list them. */
  readonly meters: readonly QuotaMeter[];
  readonly defaultQuotas: DefaultQuotas;
  /** Opens secret fields for `readSecret` (server/crud/secrets.ts): the only way an area reads one. */
  readonly secrets: Secrets;
  /** The engine's repository of a registered entity (a write with its hooks, checks and audit, from a route of the area). */
  readonly repositoryOf: RepositoryOf;
};

export type RepositoryOf = (name: EntityName) => Repository;

/** An area's hooks by entity name, each typed by its entity (a misspelt name or field does not compile). */
export type AreaHooks = { readonly [K in EntityName]?: EntityHooks<(typeof ENTITIES)[K]> };

/** What hooks made from the settings are given: a rule that depends on the operator's configuration reads it here. */
export type HookDeps = { readonly config: Config };

export type ServerArea = {
  /** Folder name, for messages. */
  readonly name: string;
  /**
   * Rules the declarations cannot state, by entity name; or made from the settings
   * (`({ config }) => hooks`) when a rule depends on them (a payment channel the operator has not set up).
   */
  readonly hooks?: AreaHooks | ((deps: HookDeps) => AreaHooks);
  /**
   * Handlers of the declared actions of the area's entities (src/schema/engine/entity.ts ActionDecl), each
   * made with `entityActions(entity, { name: handler })` so names and parameters are typed.
   */
  readonly actions?: (deps: AreaDeps) => readonly EntityActions[];
  /** Routes beyond the generated ones, registered inside the API scope (behind the guard). */
  readonly routes?: (api: FastifyInstance, deps: AreaDeps) => void;
  /**
   * Routes outside the API prefix and its guard, on the app itself after the API: what a browser
   * loads directly (the uploaded files' URLs, a demo stand-in for an outside service's pages), or
   * an API of its own with its own authentication (the shop front's buyer API, server/areas/portal).
   */
  readonly appRoutes?: (app: FastifyInstance, deps: AreaDeps) => void;
  /** Quotas the area's creates spend (counted from its tables). */
  readonly meters?: readonly QuotaMeter[];
  /** Entities its own routes serve that declared entities may reference (and name: `referenceName`). */
  readonly referenceTargets?: readonly Entity[];
  /** Scheduled jobs of the area (docs/guide/jobs.md), run beside server/jobs' own. */
  readonly jobs?: readonly Job[];
  /** The area's demo records (demo mode, outside production), in its own folder. */
  readonly demo?: AreaDemo;
  /**
   * The money rules its writes keep (a balance's bindings never exceed it), each as a query for the
   * rows that break it: the seed test runs every area's on the fresh demo, so demo records written
   * straight into the columns cannot break what the API would refuse.
   */
  readonly invariants?: readonly MoneyInvariant[];
  /**
   * The migrations creating and changing its tables, by name (`<n>_<area>`, files in its folder):
   * they run with every other migration in name order (server/migrate.ts), so the number places them.
   */
  readonly migrations?: Readonly<Record<string, Migration>>;
};

/**
 * What an area's demo records are given: server/seed/index.ts runs every area's `demo` after
 * the demo accounts, shops and list content, in demo mode outside production only. Demo code
 * reaches other entities through `repositoryOf`, never through the registry (./index.ts), which
 * lists the areas and so sits above them.
 */
export type DemoDeps = {
  readonly db: Kysely<Database>;
  /** Whether the lists' sample content is seeded too (DEMO_CONTENT): more records. */
  readonly content: boolean;
  /** The super admin's username (who handled what the demo says was handled). */
  readonly adminUsername: string;
  /** The demo seller's username. */
  readonly sellerUsername: string;
  /** The second demo seller's username (a shop of its own, to see the shop scope from both sides). */
  readonly seller2Username: string;
  /** Each entity's repository with its area's hooks (secret fields sealed with the app's key), as the API writes. */
  readonly repositoryOf: RepositoryOf;
};

export type AreaDemo = {
  /** Areas whose demo records this one's use: theirs are written first. */
  readonly after?: readonly string[];
  /** Writes the records (each seed writes only while its tables hold none of its own). Loaded lazily: demo code stays out of a production start. */
  readonly seed: (deps: DemoDeps) => Promise<unknown>;
};

/** One money rule: its wording, and the rows that break it (none, when it holds). */
export type MoneyInvariant = {
  readonly rule: string;
  readonly violations: (db: Kysely<Database>) => Promise<readonly unknown[]>;
};

export const defineArea = (area: ServerArea): ServerArea => area;
