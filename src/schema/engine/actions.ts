/**
 * Actions: operations beyond create/read/update/delete, state transitions and their history.
 * Part of the entity declaration language (./entity.ts re-exports it).
 */
import type { Entity } from './entity';
import type { FieldDecl, InferFields } from './fields';

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

/** The declared transitions of an entity (actions with a `transition`), by name. */
export const transitionsOf = (entity: Entity): [string, ActionDecl & { readonly transition: TransitionDecl }][] =>
  Object.entries(entity.actions ?? {}).flatMap(([name, decl]) => (decl.transition ? [[name, decl as ActionDecl & { transition: TransitionDecl }]] : []));

/** The states an action is allowed from: a transition's `from`, or `inStates`; undefined when any state will do. */
export const allowedStatesOf = (decl: ActionDecl | undefined): readonly (number | string)[] | undefined =>
  decl?.transition?.from ?? decl?.inStates;

/** Whether a record's state allows an action (a transition's `from`, an action's `inStates`; true for the others). */
export const transitionAllows = (entity: Entity, name: string, record: Readonly<Record<string, unknown>>): boolean => {
  const allowed = allowedStatesOf(entity.actions?.[name]);
  if (!allowed || !entity.states) return true;
  return allowed.includes(record[entity.states.field] as number | string);
};

/** An action's name in snake_case, the default of its audit rows' action (`allocMenu` → `alloc_menu`). */
export const snakeCase = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * An action's parameters seen as a small entity of their own (`<entity>.actions.<action>`), so the
 * generic validation, inputs and labels of fields serve them unchanged.
 */
export const actionParamsEntity = (entity: Entity, name: string): Entity => {
  const decl = entity.actions?.[name];
  if (!decl) throw new Error(`${entity.name} declares no action ${name}`);
  let byName = paramsEntityCache.get(entity);
  if (!byName) paramsEntityCache.set(entity, byName = new Map());
  let params = byName.get(name);
  if (!params) {
    params = {
      name: `${entity.name}.actions.${name}`, path: entity.path, table: entity.table, tenant: null, display: 'id',
      menu: entity.menu, fields: decl.params ?? {}, routes: { list: false, get: false, create: false, update: false, delete: false },
    };
    byName.set(name, params);
  }
  return params;
};
const paramsEntityCache = new WeakMap<Entity, Map<string, Entity>>();
