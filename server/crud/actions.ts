/**
 * Declared actions (src/schema/engine/entity.ts `ActionDecl`): the engine serves every action endpoint
 * of src/schema/engine/endpoints.ts and the area supplies only what the action does. Per request: read
 * the target id(s) and the declared parameters from the path, query and (form or JSON) body with
 * the fields' own validation (./params.ts: field-named errors, unknown keys and unsafe text refused), then
 * in ONE transaction load the target rows inside the caller's shop scope (an id outside it reads
 * as missing: 404), check that referenced ids name rows the caller may see, run the handler, and
 * write the audit rows of a write; answer the handler's data in the envelope. A transition
 * (./transitions.ts) is carried out by the engine around an optional handler.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { FieldError } from '../../src/schema/api';
import type { MessageKey } from '../../src/schema/api';
import { fieldError, MESSAGES } from '../../src/schema/api';
import type { Endpoint } from '../../src/schema/engine/endpoints';
import { actionEndpointsOf } from '../../src/schema/engine/endpoints';
import type { ActionDecl, ActionsOf, Entity, FieldDecl, ParamsOf, RecordOf } from '../../src/schema/engine/entity';
import { actionParamsEntity, columnOf } from '../../src/schema/engine/entity';
import { MAX_IDS } from '../../src/schema/validation';
import { declaredAuditAction } from '../../src/schema/engine/audit';
import { auditAll } from '../db/audit';
import type { AnyKysely } from '../db/index';
import { dialectOf } from '../db/index';
import type { Database } from '../db/schema';
import { ok } from '../http/envelope';
import { notFound, validationFailed } from '../http/errors';
import type { AnyDb, Db, HookActor } from './hooks';
import { areaDb } from './hooks';
import { MAX_ID } from './ids';
import type { ParamBag } from './params';
import { declaredParams, idList, oneId, paramBag } from './params';
import type { RowSets } from './transitions';
import { applyTransition, checkInStates, checkTransition, eligibleOf } from './transitions';
import { scopeWhere } from './repository';
import type { AuditChange } from './audit-change';
import type { ApiRecord, Row } from './row';
import { fromRow } from './row';
import type { Scope } from './scope';

export type ActionContext<P = Record<string, unknown>, E extends Entity = Entity> = {
  /** The action's transaction: everything the handler reads and writes goes through it. */
  readonly trx: Db;
  /** The root database (not the transaction): what outlives the request is kept under it (list-cache.ts `cachedValue`). */
  readonly db: Db;
  readonly entity: E;
  /** The target rows as the API shows them, read in `trx` inside the caller's scope: one (`row`), every named one (`selection`), none (`collection`). */
  readonly records: readonly RecordOf<E>[];
  /** The declared parameters, validated; absent optional ones hold their declared default or null. Empty for `bodyRows` (see rowParams). */
  readonly params: P;
  /** `bodyRows` actions: each target's own parameters, by its id (validated like `params`); empty otherwise. */
  readonly rowParams: ReadonlyMap<number, P>;
  readonly actor: HookActor;
};

/** The context of an action `on: 'row'`: its one target as `record` (the engine answers 404 before a handler runs without it). */
export type RowActionContext<P = Record<string, unknown>, E extends Entity = Entity> = ActionContext<P, E> & { readonly record: RecordOf<E> };

export type { AuditChange } from './audit-change';

export type ActionOutcome = {
  /** The answer's `data`. */
  readonly data: unknown;
  /**
   * What a write changed, one audit row each. Left out: one row per target record (one row for a
   * collection) with the parameters as `after`. Empty: nothing changed, no row.
   */
  readonly changes?: readonly AuditChange[];
  /**
   * A transition's handler: per record (by id), values of the entity's stored fields (API names)
   * the engine writes in the UPDATE that changes the state, so a transition that also writes its
   * rows' own fields costs one statement on them (a shipment's logistics with its state).
   */
  readonly rowSets?: RowSets;
};

export type ActionHandler<P = Record<string, unknown>, E extends Entity = Entity, C = ActionContext<P, E>> = (ctx: C) => Promise<ActionOutcome>;

/** The handler of one declared action `D` of `E`: a row action's context carries its `record`. */
type HandlerOf<E extends Entity, D> = ActionHandler<ParamsOf<D>, E, D extends { readonly on: 'row' } ? RowActionContext<ParamsOf<D>, E> : ActionContext<ParamsOf<D>, E>>;

/** Actions the engine carries out without a handler of their own: transitions, and routes that dispatch to one. */
type TransitionNames<A> = { [K in keyof A]: A[K] extends { readonly transition: object } | { readonly dispatch: string } ? K : never }[keyof A];

/**
 * A handler for every declared action of an entity, typed by its declaration (a missing or
 * misspelt one does not compile); optional for a transition, which the engine carries out.
 */
export type HandlersOf<E extends Entity> =
  { readonly [K in Exclude<keyof ActionsOf<E>, TransitionNames<ActionsOf<E>>> & string]: HandlerOf<E, ActionsOf<E>[K]> }
  & { readonly [K in TransitionNames<ActionsOf<E>> & string]?: HandlerOf<E, ActionsOf<E>[K]> };

export type EntityActions = { readonly entity: Entity; readonly handlers: Readonly<Record<string, ActionHandler<never>>> };

/** An area's handlers of one entity's actions. */
export const entityActions = <E extends Entity>(entity: E, handlers: HandlersOf<E>): EntityActions =>
  ({ entity, handlers: handlers as unknown as Record<string, ActionHandler<never>> });

export type ActionRouteDeps = {
  db: Kysely<Database>;
  /** Every declared entity (targets and references resolve against it). */
  entities: readonly Entity[];
  actions: readonly EntityActions[];
  scopeOf: (request: FastifyRequest) => Promise<Scope> | Scope;
};

const fastifyPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

/** The target ids and parameters; a request of one parameter set keeps its bag and raw values (a dispatching action reads its target's parameters from them). */
type Parsed = {
  ids: number[]; params: Record<string, unknown>; rowParams: Map<number, Record<string, unknown>>;
  bag?: ParamBag; values?: Record<string, unknown>;
};

/**
 * An action whose JSON body is one parameter (`bodyParam`, e.g. a list of rows): that parameter
 * from the body as it is typed, the others from the query; the body may not also be a query key.
 */
const bodyParamBag = (request: FastifyRequest, name: string): ParamBag => {
  const query = request.query as Record<string, unknown>;
  if (Object.hasOwn(query, name)) throw validationFailed([fieldError(name, 'unknown_field')]);
  const values: Record<string, unknown> = { ...query };
  if (request.body !== undefined) values[name] = request.body;
  return { values, text: new Set(Object.keys(query)) };
};

const isRow = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A `bodyRows` action's JSON array: per row its target id (`idParam`) and its declared
 * parameters, with errors named by the row (`2.deliverySn`); no query parameter, at least one
 * row, at most `maxIds`, each record once. Any bad row refuses the whole call.
 */
const parseRows = (endpoint: Endpoint, request: FastifyRequest): Parsed => {
  const decl = endpoint.action!.decl;
  const idParam = endpoint.idParam!;
  const errors: FieldError[] = Object.keys(request.query as Record<string, unknown>).map((key) => fieldError(key, 'unknown_field'));
  const body = request.body;
  if (!Array.isArray(body)) throw validationFailed([...errors, fieldError('_', 'invalid_type')]);
  const max = decl.maxIds ?? MAX_IDS;
  if (!body.length) errors.push(fieldError(idParam, (decl.selectMessage ?? 'select_record') as MessageKey));
  if (body.length > max) throw validationFailed([...errors, fieldError(idParam, 'too_many_ids', { max })]);
  const ids: number[] = [];
  const rowParams = new Map<number, Record<string, unknown>>();
  body.forEach((row: unknown, index) => {
    if (!isRow(row)) { errors.push(fieldError(String(index), 'invalid_type')); return; }
    const values = { ...row };
    delete values[idParam];
    const rowErrors: FieldError[] = [];
    const id = oneId(row[idParam], idParam, rowErrors);
    if (id !== null && rowParams.has(id)) rowErrors.push(fieldError(idParam, 'duplicate_row'));
    const params = declaredParams({ values, text: new Set() }, values, decl.params ?? {}, rowErrors);
    errors.push(...rowErrors.map((e) => ({ ...e, field: `${index}.${e.field}` })));
    if (id !== null && !rowParams.has(id)) { ids.push(id); rowParams.set(id, params); }
  });
  if (errors.length) throw validationFailed(errors);
  return { ids, params: {}, rowParams };
};

/** The request's target ids and declared parameters, or a 400 naming every bad one (./params.ts). */
const parseRequest = (endpoint: Endpoint, request: FastifyRequest): Parsed => {
  const decl = endpoint.action!.decl;
  if (endpoint.ids === 'body') return parseRows(endpoint, request);
  const bag = decl.bodyParam ? bodyParamBag(request, decl.bodyParam) : paramBag(request);
  const errors: FieldError[] = [];
  const values = { ...bag.values };
  let ids: number[] = [];
  const idParam = endpoint.idParam!;
  if (endpoint.ids === 'path') {
    const id = oneId((request.params as Record<string, string>)[idParam], idParam, errors);
    if (id !== null) ids = [id];
  } else if (endpoint.ids === 'query') {
    const raw = values[idParam];
    delete values[idParam];
    if (decl.on === 'row') {
      const id = oneId(raw, idParam, errors);
      if (id !== null) ids = [id];
    } else {
      ids = idList(raw, idParam, decl.maxIds ?? MAX_IDS, errors, decl.selectMessage) ?? [];
    }
  }
  const params = declaredParams(bag, values, decl.params ?? {}, errors);
  if (errors.length) throw validationFailed(errors);
  return { ids, params, rowParams: new Map(), bag, values };
};

/**
 * The row transition a dispatching action (`dispatch`) names by its parameter's value, with that
 * transition's own parameters read from the same request (its rules: required, lengths…); the
 * other keys the dispatching action declares were checked and are left out. A value no row
 * transition goes to is refused on the parameter.
 */
const dispatched = (entity: Entity, decl: ActionDecl, parsed: Parsed): { name: string; decl: ActionDecl; params: Record<string, unknown> } => {
  const param = decl.dispatch!;
  const target = dispatchTargets(entity).find(([, t]) => t.transition!.to === parsed.params[param]);
  if (!target) throw validationFailed([fieldError(param, 'invalid_value')]);
  const [name, targetDecl] = target;
  const own = targetDecl.params ?? {};
  const errors: FieldError[] = [];
  const values = Object.fromEntries(Object.entries(parsed.values ?? {}).filter(([key]) => Object.hasOwn(own, key)));
  const params = declaredParams(parsed.bag!, values, own, errors);
  if (errors.length) throw validationFailed(errors);
  return { name, decl: targetDecl, params };
};

/** The row transitions a dispatching action may run. */
const dispatchTargets = (entity: Entity): [string, ActionDecl][] =>
  Object.entries(entity.actions ?? {}).filter(([, d]) => d.transition && d.on === 'row' && !d.dispatch);

/** A dispatching action the engine cannot carry out stops the start. */
export const checkDispatch = (entity: Entity, name: string, decl: ActionDecl): void => {
  const where = `${entity.name}.${name}`;
  const param = decl.dispatch!;
  if (decl.on !== 'row' || !decl.writes || decl.transition) throw new Error(`${where}: a dispatching action writes, on a row, and is no transition itself`);
  const options = decl.params?.[param]?.options;
  if (!options || !decl.params?.[param]?.required) throw new Error(`${where}: the dispatch parameter ${param} must be a required enumeration`);
  for (const option of options) {
    const targets = dispatchTargets(entity).filter(([, t]) => t.transition!.to === option.value);
    if (targets.length !== 1) throw new Error(`${where}: ${String(option.value)} must name exactly one row transition (found ${targets.length})`);
    for (const key of Object.keys(targets[0]![1].params ?? {})) {
      if (!decl.params[key]) throw new Error(`${where}: does not declare ${key}, a parameter of ${targets[0]![0]}`);
    }
  }
};

/**
 * The target rows inside the scope; any id outside it (or missing) is a 404, as for the generated
 * routes. A write locks them on PostgreSQL (`FOR UPDATE`, in id order so two selections cannot
 * deadlock): a parallel write of the same rows waits for this one to commit and then reads its
 * result, so 100 parallel confirmations of one payment see "unpaid" once. SQLite has one writer.
 */
const loadTargets = async (trx: AnyDb, entity: Entity, ids: readonly number[], scope: Scope, lock: boolean): Promise<ApiRecord[]> => {
  if (!ids.length) return [];
  const query = (trx as AnyKysely).selectFrom(entity.table).selectAll()
    .where((eb) => eb.and([eb('id', 'in', [...ids]), scopeWhere(entity, eb, scope)])).orderBy('id');
  const rows: Row[] = await (lock && dialectOf(trx as AnyKysely) === 'postgres' ? query.forUpdate() : query).execute();
  if (rows.length !== ids.length) throw notFound();
  const byId = new Map(rows.map((row) => [Number(row.id), fromRow(entity, row)]));
  return ids.map((id) => byId.get(id)!);
};

/**
 * Referenced ids (reference and references parameters) must name rows the caller may see, and a
 * `sameAs` parameter's rows must hold the value the acted-on records hold.
 */
const checkReferences = async (
  trx: AnyDb, params: Readonly<Record<string, FieldDecl>>, values: Record<string, unknown>, entities: readonly Entity[], scope: Scope,
  records: readonly ApiRecord[],
): Promise<void> => {
  const errors: FieldError[] = [];
  for (const [name, decl] of Object.entries(params)) {
    if ((decl.kind !== 'reference' && decl.kind !== 'references') || !decl.reference) continue;
    const value = values[name];
    const ids = Array.isArray(value) ? value as number[] : typeof value === 'number' ? [value] : [];
    if (!ids.length) continue;
    const target = entities.find((e) => e.name === decl.reference!.entity);
    if (!target) throw new Error(`${name}: no declared entity ${decl.reference.entity}`);
    const same = decl.sameAs ? { column: columnOf(decl.sameAs, target.fields[decl.sameAs]!), values: new Set(records.map((r) => r[decl.sameAs!])) } : undefined;
    const found: Row[] = ids.every((id) => id <= MAX_ID) ? await (trx as AnyKysely).selectFrom(target.table).select(same ? ['id', same.column] : ['id'])
      .where((eb) => eb.and([eb('id', 'in', ids), scopeWhere(target, eb, scope)])).execute() : [];
    const matches = (row: Row) => !same || (same.values.size === 1 && same.values.has(Number(row[same.column])));
    if (found.length !== new Set(ids).size || !found.every(matches)) errors.push(fieldError(name, 'invalid_reference'));
  }
  if (errors.length) throw validationFailed(errors);
};

/** A `sameAs` parameter names a field both the acted-on entity and the referenced one have, on a row action. */
const checkSameAs = (entity: Entity, name: string, decl: ActionDecl, entities: readonly Entity[]): void => {
  for (const [param, field] of Object.entries(decl.params ?? {})) {
    if (!field.sameAs) continue;
    const target = entities.find((e) => e.name === field.reference?.entity);
    if (decl.on !== 'row' || field.kind !== 'reference' || !entity.fields[field.sameAs] || !target?.fields[field.sameAs]) {
      throw new Error(`${entity.name}.${name}.${param}: sameAs is for a row action's reference to an entity that, like ${entity.name}, has ${field.sameAs}`);
    }
  }
};

/** One call of a declared action: its target ids, its validated parameters and who acts. */
export type ActionCall = {
  readonly ids: readonly number[];
  readonly params: Record<string, unknown>;
  /** Per-record parameters of a `bodyRows` action (then `params` is empty); none otherwise. */
  readonly rowParams?: ReadonlyMap<number, Record<string, unknown>>;
  readonly actor: HookActor;
};

/** What a call answered: the handler's data, and the ids a selection transition left out (their state). */
export type ActionResult = { readonly data: unknown; readonly skipped: readonly number[] };

/**
 * Carries out one call of a declared action, in ONE transaction: load the targets inside the
 * actor's scope (locked for a write), check referenced ids, keep a transition's eligible rows,
 * run the handler, change the state (history rows), write the audit rows. What an action's
 * endpoint does once it has parsed the request; server code that acts without a request (a
 * scheduled job, with an actor of its own) calls it too, so its changes take the same path.
 */
export const performAction = async (
  deps: Pick<ActionRouteDeps, 'db' | 'entities'>, entity: Entity, name: string, handler: ActionHandler | undefined, call: ActionCall,
): Promise<ActionResult> => {
  const decl = entity.actions?.[name];
  if (!decl) throw new Error(`${entity.name}: no declared action ${name}`);
  const { params, actor } = call;
  const rowParams = call.rowParams ?? new Map<number, Record<string, unknown>>();
  let skipped: number[] = [];
  const data = await deps.db.transaction().execute(async (trx) => {
    let records = await loadTargets(trx, entity, call.ids, actor.scope, decl.writes);
    for (const values of rowParams.size ? rowParams.values() : [params]) await checkReferences(trx, decl.params ?? {}, values, deps.entities, actor.scope, records);
    if (decl.transition || decl.inStates) ({ eligible: records, skipped } = eligibleOf(entity, decl, records));
    const paramsOf = (record: ApiRecord) => rowParams.get(record.id) ?? params;
    const outcome: ActionOutcome = handler ? await handler({ trx: areaDb(trx), db: deps.db, entity, records, ...(decl.on === 'row' ? { record: records[0] } : {}), params, rowParams, actor }) : { data: records.length };
    if (outcome.rowSets && !decl.transition) throw new Error(`${entity.name}.${name}: row sets are for a transition's handler`);
    const transitioned = decl.transition ? await applyTransition(trx, entity, decl.transition, records, paramsOf, actor, deps.entities, outcome.rowSets) : [];
    if (decl.writes) {
      const changes: readonly AuditChange[] = decl.transition ? [...transitioned, ...(outcome.changes ?? [])] : outcome.changes
        ?? (records.length ? records.map((r) => ({ id: r.id, after: paramsOf(r) })) : [{ id: null, after: params }]);
      await auditAll(trx, changes.map((change) => ({
        adminId: actor.adminId, action: declaredAuditAction(decl, name), entity: change.table ?? entity.table,
        entityId: change.id ?? null, before: change.before, after: change.after, ip: actor.ip,
      })));
    }
    return outcome.data;
  });
  return { data, skipped };
};

/** The handler an area gave for an action (none for a transition the engine carries out alone); two areas giving one stop the start. */
const handlerOf = (actions: readonly EntityActions[], entity: Entity, name: string): ActionHandler | undefined => {
  const handlers = actions.filter((a) => a.entity.name === entity.name && a.handlers[name]).map((a) => a.handlers[name]);
  if (handlers.length > 1) throw new Error(`${entity.name}: the action "${name}" has handlers in several areas`);
  return handlers[0] as unknown as ActionHandler | undefined;
};

/**
 * Calls of declared actions from server code (a scheduled job): `run(entity, name, call)` is
 * exactly what the action's endpoint does after parsing, with the handlers of `actions`.
 */
export const actionPerformer = (deps: Pick<ActionRouteDeps, 'db' | 'entities' | 'actions'>) =>
  (entity: Entity, name: string, call: ActionCall): Promise<ActionResult> =>
    performAction(deps, entity, name, handlerOf(deps.actions, entity, name), call);

/** Registers every declared action of `entities`; an action without a handler stops the start. */
export const registerActionRoutes = (app: FastifyInstance, deps: ActionRouteDeps, entities: readonly Entity[]): void => {
  for (const entity of entities) {
    for (const endpoint of actionEndpointsOf(entity)) {
      const { name, decl } = endpoint.action!;
      const handler = handlerOf(deps.actions, entity, name);
      // A transition (or a route dispatching to one) is carried out by the engine; a handler of its own is optional.
      if (!handler && !decl.transition && !decl.dispatch) throw new Error(`${entity.name}: the action "${name}" has no handler in any area`);
      if (decl.dispatch && handler) throw new Error(`${entity.name}: the dispatching action "${name}" takes no handler`);
      actionParamsEntity(entity, name); // a declaration error shows at start, not at the first call
      if (decl.transition) checkTransition(entity, name, decl, deps.entities);
      if (decl.inStates) checkInStates(entity, name, decl);
      if (decl.bodyRows && (decl.on !== 'selection' || decl.bodyParam || endpoint.ids !== 'body')) {
        throw new Error(`${entity.name}.${name}: bodyRows is for a selection whose path names no id, without bodyParam`);
      }
      if (decl.selectMessage !== undefined && !(decl.selectMessage in MESSAGES)) throw new Error(`${entity.name}.${name}: no message key ${decl.selectMessage}`);
      if (decl.dispatch) checkDispatch(entity, name, decl);
      checkSameAs(entity, name, decl, deps.entities);
      const run = async (request: FastifyRequest) => {
        const parsed = parseRequest(endpoint, request);
        const { ids, rowParams } = parsed;
        // A dispatching route runs the transition its parameter names, as that transition's own route does.
        const target = decl.dispatch ? dispatched(entity, decl, parsed) : { name, params: parsed.params };
        const actor: HookActor = { adminId: request.auth?.adminId ?? null, ip: request.ip ?? null, scope: await deps.scopeOf(request) };
        const { data, skipped } = await performAction(deps, entity, target.name, decl.dispatch ? handlerOf(deps.actions, entity, target.name) : handler, {
          ids, params: target.params, rowParams, actor,
        });
        return skipped.length ? { ...ok(data), skipped } : ok(data);
      };
      const url = fastifyPath(endpoint.url);
      if (endpoint.method === 'GET') app.get(url, run);
      else app.post(url, run);
    }
  }
};
