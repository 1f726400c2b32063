/**
 * The mall-style routes of every declared entity, generated from its declaration:
 * `GET {path}/list` (or its listPath), `GET {path}/{id}`, `POST {path}/create`,
 * `POST {path}/update/{id}`, `POST {path}/delete/{id}` and the declared batch endpoints
 * (`POST {path}/update/showStatus?ids=1,2&showStatus=1`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Entity, HistoryDecl } from '../../src/schema/engine/entity';
import { columnFields, columnOf, filterOf } from '../../src/schema/engine/entity';
import { isNumericField } from '../../src/schema/engine/kinds';
import { fieldSchema } from '../../src/schema/engine/kinds';
import { validate } from '../../src/schema/validation';
import type { Database } from '../db/schema';
import { ok, toPage } from '../http/envelope';
import { fieldInvalid, notFound, validationFailed } from '../http/errors';
import { fieldError } from '../../src/schema/api';
import type { EntityHooks } from './hooks';
import { parseIds } from './ids';
import { paramBag, pathId } from './params';
import { lenientBody } from './lenient';
import type { ListParams } from './list-params';
import { asksDayBounds, parseListQuery } from './list-params';
import type { Actor, BeforeCreate, Repository } from './repository';
import type { ApiRecord } from './row';
import { createRepository } from './repository';
import type { Scope } from './scope';
import { ALL_SHOPS, inScope } from './scope';
import { endpointOf, endpointsOf, operationsOf } from '../../src/schema/engine/endpoints';
import { IN_BIN, LIVE, recycleBinOf } from '../../src/schema/engine/recycleBin';
import type { EntityActions } from './actions';
import { registerActionRoutes } from './actions';
import type { Secrets } from './secrets';
import { secretFields } from '../../src/schema/engine/entity';
import type { AnyKysely } from '../db/index';
import { ensureRowLogs } from '../db/row-log';
import { ensureTableVersions } from '../db/table-versions';
import { checkCounters, counterSpecOf } from './counters';
import { ensureDeclaredIndexes } from './indexes';

/** The tenant scope of the caller (server/auth/scope.ts). */
export type ScopeOf = (request: FastifyRequest) => Promise<Scope> | Scope;

type EntityRouteDeps = {
  db: Kysely<Database>;
  entities: readonly Entity[];
  /** Entities an area's own routes serve that declared ones may reference (ServerArea.referenceTargets). */
  targets?: readonly Entity[];
  hooks?: Readonly<Record<string, EntityHooks>>;
  /** The tenant scope of the caller; everything when not given. */
  scopeOf?: ScopeOf;
  /** Consulted inside every create's transaction before the insert (quotas). */
  beforeCreate?: BeforeCreate;
  /** The areas' handlers of the declared actions (./actions.ts). */
  actions?: readonly EntityActions[];
  /** Seals secret fields (./secrets.ts); required when an entity declares one. */
  secrets?: Secrets;
  /** The shop a create without the tenant field goes to when the caller may write several (DEFAULT_SHOP_ID). */
  defaultShopId?: number | null;
  /** The IANA zone the caller's days count in (a time range's day bounds); UTC days when not given. */
  timeZoneOf?: (request: FastifyRequest) => Promise<string>;
};

const fastifyPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * The JSON body of create/update. No body at all reads as `{}`; a JSON `null` stays null, so it
 * is refused like any other non-object body instead of passing as an empty update.
 */
const bodyOf = (request: FastifyRequest): unknown => (request.body === undefined ? {} : request.body);

/** Query parameters as single values (a repeated key: its last value, as for every other parameter). */
const queryOf = (request: FastifyRequest): Record<string, unknown> =>
  Object.fromEntries(Object.entries(request.query as Record<string, unknown>).map(([k, v]) => [k, Array.isArray(v) ? v[v.length - 1] : v]));

/**
 * The create/update body as validation sees it: with `paramsBody`, the query parameters join the
 * body (`?name=` for mall's product types); then mall's harmless extras are taken out (./lenient.ts).
 */
const writeBodyOf = (entity: Entity, request: FastifyRequest): unknown => {
  const body = bodyOf(request);
  const query = queryOf(request);
  const merged = entity.paramsBody && Object.keys(query).length && body && typeof body === 'object' && !Array.isArray(body)
    ? { ...body as Record<string, unknown>, ...query } : body;
  return entity.strictBody ? merged : lenientBody(entity, merged);
};

/** The body field holding a shop-owned entity's shop, when the body carries it (not server-managed). */
const tenantBodyField = (entity: Entity): string | null => {
  if (!entity.tenant || entity.tenant === 'id') return null;
  const found = Object.entries(entity.fields).find(([name, decl]) => columnOf(name, decl) === entity.tenant);
  return found && !found[1].serverManaged ? found[0] : null;
};

/**
 * A create body without its shop (`mall`'s clients know no shops) gets one: the caller's only
 * shop, or else the configured default shop when the caller may write it; otherwise it is
 * refused with `choose_shop`, which says what to do, rather than a bare "required".
 */
const withShop = (entity: Entity, body: unknown, scope: Scope, defaultShopId: number | null): unknown => {
  const field = tenantBodyField(entity);
  if (!field || !body || typeof body !== 'object' || Array.isArray(body)) return body;
  const values = body as Record<string, unknown>;
  // Only a body that leaves the shop out: a shop sent (null, 0, another's) is for validation to judge.
  if (values[field] !== undefined) return body;
  // Staff leaving the shop out of a record the platform may own (`platformRows`) write the platform's.
  if (entity.platformRows && scope.kind === 'all') return body;
  const shopId = scope.kind === 'shops' && scope.shopIds.length === 1 ? scope.shopIds[0]
    : defaultShopId !== null && inScope(scope, defaultShopId) ? defaultShopId : null;
  if (shopId === null || shopId === undefined) throw fieldInvalid(field, 'choose_shop');
  return { ...values, [field]: shopId };
};

const idsOf = (request: FastifyRequest): number[] => {
  const raw = paramBag(request).values.ids;
  const ids = parseIds(raw ?? '');
  if (ids === null) throw validationFailed([fieldError('ids', 'invalid_ids')]);
  if (!ids.length) throw validationFailed([fieldError('ids', 'select_record')]);
  return ids;
};

/** Batch values arrive as query strings: numbers for numeric kinds. */
const coerce = (entity: Entity, field: string, raw: unknown): unknown => {
  const decl = entity.fields[field];
  const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  if (value === undefined || value === '') return undefined;
  if (!decl || !isNumericField(decl)) return value;
  // An enum's values are whole numbers; other numbers may have decimals (money).
  return (decl.options ? /^-?\d+$/ : /^-?\d+(\.\d+)?$/).test(String(value)) ? Number(value) : value;
  return value;
};

/**
 * An immutable field posted back with the value it holds (mall's edit forms post the whole
 * record, e.g. an attribute's `type`) is dropped; a changed one stays, for validation to refuse.
 */
const withoutUnchangedImmutable = async (repo: Repository, id: number, body: unknown, scope: Scope): Promise<unknown> => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const posted = body as Record<string, unknown>;
  const immutable = Object.keys(posted).filter((key) => Object.hasOwn(repo.entity.fields, key) && repo.entity.fields[key]!.immutable);
  if (!immutable.length) return body;
  const current = await repo.get(id, scope);
  const same = new Set(immutable.filter((key) => JSON.stringify(current[key]) === JSON.stringify(posted[key])));
  return Object.fromEntries(Object.entries(posted).filter(([key]) => !same.has(key)));
};

/** `mall`'s look-up call: a `lookupBy` entity's filter as the request's only parameter, or no parameter at all (`plainList`). */
const isLookup = (entity: Entity, query: Record<string, unknown>): boolean => {
  if (entity.plainList && Object.keys(query).length === 0) return true;
  if (!entity.lookupBy) return false;
  const decl = entity.fields[entity.lookupBy];
  const param = decl ? filterOf(entity.lookupBy, decl)?.param : undefined;
  const keys = Object.keys(query);
  return param !== undefined && keys.length === 1 && keys[0] === param;
};

/** A row as `mall`'s joined look-ups answer it: the id and `fields` filled, every other column null. */
const sparse = (entity: Entity, record: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> => ({
  id: record.id,
  ...Object.fromEntries(columnFields(entity).map(([name]) => [name, fields.includes(name) ? record[name] ?? null : null])),
});

/** Equality conditions on declared fields (a nested variant's `where`), added to list parameters. */
const withWhere = (entity: Entity, params: ListParams, where: Readonly<Record<string, number>> = {}): ListParams => ({
  ...params,
  conditions: [...params.conditions, ...Object.entries(where).map(([name, value]) =>
    ({ column: columnOf(name, entity.fields[name]!), op: 'eq' as const, value }))],
});

export const registerEntityRoutes = (app: FastifyInstance, deps: EntityRouteDeps): Map<string, Repository> => {
  const repositories = new Map<string, Repository>();
  /**
   * A record's history rows as its own read answers them (HistoryDecl `inRecord`), newest first,
   * read through the history entity's repository (its scope, its joined names), at most 10,000.
   */
  const historyOf = async (history: HistoryDecl, id: number, scope: Scope): Promise<ApiRecord[]> => {
    const target = deps.entities.find((e) => e.name === history.entity);
    const repo = repositories.get(history.entity);
    if (!target || !repo) throw new Error(`the history entity ${history.entity} has no routes`);
    const column = columnOf(history.record, target.fields[history.record]!);
    const params = parseListQuery(target, {});
    const order = history.time ? [{ column: columnOf(history.time, target.fields[history.time]!), order: 'desc' as const }] : [];
    return repo.listAll({ ...params, conditions: [{ column, op: 'eq', value: id }], sort: order[0] ?? { column: 'id', order: 'desc' } }, scope);
  };
  const scopeOf = deps.scopeOf ?? (() => ALL_SHOPS);
  // PostgreSQL: every listed table gets its change counter before the first request, so list
  // orders can be cached exactly (./list-cache.ts); a newly declared table needs nothing more.
  app.addHook('onReady', async () => {
    await ensureTableVersions(deps.db as unknown as AnyKysely, deps.entities.map((e) => e.table));
    // The row log of the tables that declare it (server/db/row-log.ts), for their kept lists to catch up.
    await ensureRowLogs(deps.db as unknown as AnyKysely, deps.entities.filter((e) => e.rowLog).map((e) => e.table));
    // Declared counters exist (their migration made them), or the start stops (./counters.ts).
    await checkCounters(deps.db as unknown as AnyKysely, deps.entities);
    // The indexes the declared filters and sorts need (./indexes.ts): made once, then a catalog read
    // per start. server/main.ts makes them before the app (a big table's index outlasts this hook's
    // timeout); here they follow a declaration the app was built with (a test's fixture).
    const started = performance.now();
    const changes = await ensureDeclaredIndexes(deps.db as unknown as AnyKysely, deps.entities);
    if (changes.created.length || changes.dropped.length) {
      app.log.info({ created: changes.created, dropped: changes.dropped, ms: Math.round(performance.now() - started) }, 'declared indexes changed');
    }
  });
  const actorOf = async (request: FastifyRequest): Promise<Actor> =>
    ({ adminId: request.auth?.adminId ?? null, ip: request.ip ?? null, scope: await scopeOf(request) });

  /** Sets one field: `/role/updateStatus/{id}` takes its one id from the path; the others take `?ids=`. */
  const setFieldOf = (repo: Repository, field: string, routeUrl: string) => {
    const entity = repo.entity;
    const batch = entity.batch?.find((b) => b.kind === 'set' && b.field === field);
    const param = (batch?.kind === 'set' && batch.param) || field;
    const bin = recycleBinOf(entity);
    return async (request: FastifyRequest) => {
      const ids = routeUrl.includes('{id}') ? [pathId(request)] : idsOf(request);
      const value = coerce(entity, field, paramBag(request).values[param]);
      if (value === undefined) {
        throw validationFailed([fieldError(param, 'select_batch_type')]);
      }
      // A parameter named otherwise than its field (mall's `recommendStatus` for `recommandStatus`): errors name the parameter.
      const decl = entity.fields[field];
      if (decl && param !== field) {
        const parsed = validate(fieldSchema(decl), value);
        if (!parsed.ok) throw validationFailed(parsed.errors.map((e) => ({ ...e, field: param })));
      }
      // The recycle bin's flag set by a batch (mall's `/product/update/deleteStatus?ids=&deleteStatus=1`):
      // 1 moves the records into the bin, 0 restores them, as delete and restore do.
      if (bin?.field === field) {
        if (value !== IN_BIN && value !== LIVE) throw validationFailed([fieldError(param, 'invalid_value')]);
        return ok(await (value === IN_BIN ? repo.remove(ids, await actorOf(request)) : repo.restore(ids, await actorOf(request))));
      }
      return ok(await repo.setField(ids, field, value, await actorOf(request)));
    };
  };

  for (const entity of deps.entities) {
    if (!deps.secrets && secretFields(entity).length) throw new Error(`${entity.name} declares secret fields: registerEntityRoutes needs \`secrets\``);
    const repo = createRepository(entity, {
      db: deps.db, entities: deps.entities, targets: deps.targets, hooks: deps.hooks?.[entity.name], beforeCreate: deps.beforeCreate, secrets: deps.secrets,
      deleteOf: (name) => repositories.get(name)?.deleteWithin,
    });
    repositories.set(entity.name, repo);
    counterSpecOf(entity); // a counters declaration the engine cannot keep stops the start here
    for (const route of operationsOf(entity)) {
      const url = fastifyPath(route.url);
      const [operation, field] = route.operation.split(':');
      switch (operation) {
        case 'list':
          app.get(url, async (request) => {
            const query = request.query as Record<string, unknown>;
            // A day bound counts in the caller's zone (read only when a bound is a day).
            const timeZone = deps.timeZoneOf && asksDayBounds(entity, query) ? await deps.timeZoneOf(request) : undefined;
            const params = parseListQuery(entity, query, request.params as Record<string, string>, { timeZone });
            if (isLookup(entity, query)) return ok(await repo.listAll(params, await scopeOf(request)));
            const { list, total, totalExact, totalAtLeast } = await repo.list(params, await scopeOf(request));
            // mall's CommonPage, and for a long list's bounded total (additive): `totalExact: false`, `totalAtLeast`.
            return ok({ ...toPage(list, total, params.pageNum, params.pageSize), ...(totalExact === false ? { totalExact, totalAtLeast } : {}) });
          });
          break;
        case 'listAll':
          app.get(url, async (request) => {
            const params = parseListQuery(entity, {});
            return ok(await repo.listAll(params, await scopeOf(request)));
          });
          break;
        case 'get': {
          // Without a list route (orderSetting), `GET {path}/list` would be read as the id "list" and
          // answered "bad id": answer what it is instead, a route that does not exist.
          const listless = !endpointOf(entity, 'list');
          const history = entity.states?.history?.inRecord ? entity.states.history : null;
          app.get(url, async (request) => {
            if (listless && (request.params as Record<string, string>).id === 'list') throw notFound('route_not_found');
            const scope = await scopeOf(request);
            const record = await repo.get(pathId(request), scope);
            return ok(history ? { ...record, [history.inRecord!]: await historyOf(history, record.id, scope) } : record);
          });
          break;
        }
        case 'create':
          app.post(url, async (request) => {
            const actor = await actorOf(request);
            // `createMany`: an array of records, each read as a create body is (mall's harmless extras dropped).
            const body = bodyOf(request);
            if (entity.createMany && Array.isArray(body)) {
              return ok(await repo.createMany(body.map((row: unknown) => (entity.strictBody ? row : lenientBody(entity, row))), actor));
            }
            return ok(await repo.create(withShop(entity, writeBodyOf(entity, request), actor.scope, deps.defaultShopId ?? null), actor));
          });
          break;
        case 'update':
          app.post(url, async (request) => {
            const id = pathId(request);
            const body = await withoutUnchangedImmutable(repo, id, writeBodyOf(entity, request), await scopeOf(request));
            return ok(await repo.update(id, body, await actorOf(request)));
          });
          break;
        case 'delete':
          app.post(url, async (request) => ok(await repo.remove([pathId(request)], await actorOf(request))));
          break;
        case 'batchDelete':
          app.post(url, async (request) => ok(await repo.remove(idsOf(request), await actorOf(request))));
          break;
        case 'batchSet':
          app.post(url, setFieldOf(repo, field!, route.url));
          break;
        case 'restore':
          app.post(url, async (request) => ok(await repo.restore(idsOf(request), await actorOf(request))));
          break;
        case 'purge':
          app.post(url, async (request) => ok(await repo.purge(idsOf(request), await actorOf(request))));
          break;
      }
    }
  }

  // Variants last: they may read another entity's repository (nested children).
  for (const entity of deps.entities) {
    const repo = repositories.get(entity.name)!;
    for (const route of endpointsOf(entity).filter((e) => e.variant)) {
      const variant = route.variant!;
      const url = fastifyPath(route.url);
      const method = route.method === 'GET' ? app.get.bind(app) : app.post.bind(app);
      switch (variant.kind) {
        case 'alias':
          if (variant.of === 'set') {
            method(url, setFieldOf(repo, variant.field, route.url));
          } else if (variant.of === 'get') {
            const extra = variant.extra ? deps.hooks?.[entity.name]?.views?.[variant.extra] : undefined;
            if (variant.extra && !extra) throw new Error(`${entity.name}: the view "${variant.extra}" has no implementation in its hooks`);
            method(url, async (request) => {
              const id = pathId(request);
              const scope = await scopeOf(request);
              const record = await repo.get(id, scope);
              return ok(extra ? { ...record, ...(await extra(deps.db, { id }, scope)) as Record<string, unknown> } : record);
            });
          } else {
            method(url, async (request) => {
              const count = await repo.remove([pathId(request)], await actorOf(request));
              return ok(variant.answer === 'null' ? null : count);
            });
          }
          break;
        case 'nested': {
          const child = deps.entities.find((e) => e.name === variant.children.entity)!;
          const childRepo = repositories.get(child.name)!;
          method(url, async (request) => {
            parseListQuery(entity, request.query as Record<string, unknown>); // refuses unknown parameters
            const scope = await scopeOf(request);
            const parents = await repo.listAll(withWhere(entity, parseListQuery(entity, {}), variant.where), scope);
            const children = await childRepo.listAll(withWhere(child, parseListQuery(child, {}), variant.children.where), scope);
            return ok(parents.map((parent) => ({
              ...sparse(entity, parent, variant.fields),
              [variant.children.as]: children.filter((c) => c[variant.children.link] === parent.id)
                .map((c) => sparse(child, c, variant.children.fields)),
            })));
          });
          break;
        }
        case 'view': {
          const view = deps.hooks?.[entity.name]?.views?.[variant.name];
          if (!view) throw new Error(`${entity.name}: the view "${variant.name}" has no implementation in its hooks`);
          const names = [...variant.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
          method(url, async (request) => {
            const params = Object.fromEntries(names.map((name) => [name, pathId(request, name)]));
            return ok(await view(deps.db, params, await scopeOf(request)));
          });
          break;
        }
      }
    }
  }
  registerActionRoutes(app, { db: deps.db, entities: deps.entities, actions: deps.actions ?? [], scopeOf }, deps.entities);
  return repositories;
};
