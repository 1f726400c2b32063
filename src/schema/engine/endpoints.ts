/**
 * Every operation of a declared entity on the wire, read from its declaration: the one place an
 * entity URL is spelt. The server registers these routes, the data provider calls them, the
 * browser's access checks and the route table's needs ask about them, and OpenAPI, the test
 * helpers and the permission matrix walk them.
 */
import type { ActionDecl, Entity, VariantDecl } from './entity';
import { BIN_OPERATIONS, recycleBinOf } from './recycleBin';

/**
 * `list`, `listAll`, `get`, `create`, `update`, `delete` (one id in the path), `batchDelete`,
 * `batchSet:<field>`, `restore` and `purge` (a recycle bin's), `action:<name>` (a declared
 * action), or a variant's kind (`alias`, `nested`, `view`).
 */
export type Operation = string;

/** The operation name of a declared action: `action:allocMenu`. */
export const ACTION_PREFIX = 'action:';
export const actionOperation = (name: string): Operation => `${ACTION_PREFIX}${name}`;

export type Endpoint = {
  readonly entity: string;
  readonly operation: Operation;
  readonly method: 'GET' | 'POST';
  /** The full path under the API prefix, with `{id}` and `{field}` placeholders (`/brand/update/{id}`). */
  readonly url: string;
  /**
   * Where the records' ids go: one in the path (`{id}`), in the query (a list in `?ids=`, or the
   * action's `idParam`: `?roleId=3`), in each row of a JSON array body (an action's `bodyRows`),
   * or none.
   */
  readonly ids: 'path' | 'query' | 'body' | 'none';
  /** The path placeholder or query parameter holding the id(s): `id`, `ids`, or an action's own (`roleId`). */
  readonly idParam?: string;
  /**
   * What the request carries: the record's fields as JSON (`create`, `update`), one query value
   * (`set`), an action's declared parameters (query or form values, or a JSON object), nothing.
   */
  readonly body: 'record' | 'value' | 'params' | 'none';
  /** For `batchSet` and set aliases: the field set and the query parameter carrying its value. */
  readonly field?: string;
  readonly param?: string;
  /** The declaration of a variant route (`mall`'s other paths). */
  readonly variant?: VariantDecl;
  /** A declared action: its name and declaration. */
  readonly action?: { readonly name: string; readonly decl: ActionDecl };
};

type Routes = NonNullable<Entity['routes']>;

const hasId = (path: string): boolean => path.includes('{id}');

const declaredEndpoints = (entity: Entity): Endpoint[] => {
  const on = (op: keyof Routes) => entity.routes?.[op] !== false;
  const endpoints: Endpoint[] = [];
  const add = (method: Endpoint['method'], suffix: string, operation: Operation, rest: Pick<Endpoint, 'ids' | 'body'> & Partial<Endpoint>) =>
    endpoints.push({ entity: entity.name, operation, method, url: `${entity.path}${suffix}`, ...rest });
  if (on('list')) {
    if (entity.listAt) endpoints.push({ entity: entity.name, operation: 'list', method: 'GET', url: entity.listAt, ids: 'none', body: 'none' });
    else add('GET', entity.listPath ?? '/list', 'list', { ids: 'none', body: 'none' });
  }
  if (entity.listAll) add('GET', '/listAll', 'listAll', { ids: 'none', body: 'none' });
  if (on('get')) add('GET', '/{id}', 'get', { ids: 'path', body: 'none' });
  if (on('create')) {
    if (entity.createPath) endpoints.push({ entity: entity.name, operation: 'create', method: 'POST', url: entity.createPath, ids: 'none', body: 'record' });
    else add('POST', '/create', 'create', { ids: 'none', body: 'record' });
  }
  if (on('update')) add('POST', '/update/{id}', 'update', { ids: 'path', body: 'record' });
  if (on('delete') && (entity.deleteStyle ?? 'path') === 'path') add('POST', '/delete/{id}', 'delete', { ids: 'path', body: 'none' });
  for (const batch of entity.batch ?? []) {
    const ids = hasId(batch.path) ? 'path' : 'query';
    if (batch.kind === 'delete') add('POST', batch.path, 'batchDelete', { ids, body: 'none' });
    else add('POST', batch.path, `batchSet:${batch.field}`, { ids, body: 'value', field: batch.field, param: batch.param ?? batch.field });
  }
  // A recycle bin's records go back (`restore`) or for good (`purge`), by `?ids=`.
  if (recycleBinOf(entity)) for (const operation of BIN_OPERATIONS) add('POST', `/${operation}`, operation, { ids: 'query', body: 'none' });
  // A list switch whose path no batch declares is a set operation of its own (one record per call).
  for (const [field, decl] of Object.entries(entity.fields)) {
    if (!decl.toggle || endpoints.some((e) => e.url === `${entity.path}${decl.toggle}`)) continue;
    add('POST', decl.toggle, `batchSet:${field}`, { ids: hasId(decl.toggle) ? 'path' : 'query', body: 'value', field, param: field });
  }
  for (const [name, decl] of Object.entries(entity.actions ?? {})) {
    const url = decl.root ? decl.path : `${entity.path}${decl.path}`;
    const placeholder = placeholdersOf(url)[0];
    const ids = decl.on === 'collection' ? 'none' : placeholder ? 'path' : decl.bodyRows ? 'body' : 'query';
    const idParam = decl.on === 'collection' ? undefined : placeholder ?? decl.idParam ?? (decl.on === 'row' ? 'id' : 'ids');
    endpoints.push({
      entity: entity.name, operation: actionOperation(name), method: decl.writes ? 'POST' : 'GET', url,
      ids, ...(idParam ? { idParam } : {}), body: decl.params && Object.keys(decl.params).length ? 'params' : 'none', action: { name, decl },
    });
  }
  for (const variant of entity.variants ?? []) {
    const method = variant.kind === 'alias' ? variant.method : 'GET';
    const set = variant.kind === 'alias' && variant.of === 'set' ? { field: variant.field, param: variant.field } : {};
    add(method, variant.path, variant.kind, {
      ids: variant.kind === 'alias' || hasId(variant.path) ? 'path' : 'none',
      body: variant.kind === 'alias' && variant.of === 'set' ? 'value' : 'none',
      ...set, variant,
    });
  }
  return endpoints;
};

const cache = new WeakMap<Entity, readonly Endpoint[]>();

/** Every endpoint of an entity: the generated operations, the declared actions, then the variants. */
export const endpointsOf = (entity: Entity): readonly Endpoint[] => {
  let endpoints = cache.get(entity);
  if (!endpoints) cache.set(entity, endpoints = declaredEndpoints(entity));
  return endpoints;
};

/** The generated operations only (no variants, no declared actions). */
export const operationsOf = (entity: Entity): readonly Endpoint[] => endpointsOf(entity).filter((e) => !e.variant && !e.action);

/** A declared action's endpoint, or undefined when the entity declares no such action. */
export const actionEndpointOf = (entity: Entity, name: string): Endpoint | undefined =>
  endpointsOf(entity).find((e) => e.operation === actionOperation(name));

/** Every declared action's endpoint. */
export const actionEndpointsOf = (entity: Entity): readonly Endpoint[] => endpointsOf(entity).filter((e) => e.action);

/** One generated operation by name, or undefined when the entity has none. */
export const endpointOf = (entity: Entity, operation: Operation): Endpoint | undefined =>
  operationsOf(entity).find((e) => e.operation === operation);

/** How a field is set on several records: its batch path, or the path of its list switch. */
export const setEndpointOf = (entity: Entity, field: string): Endpoint | undefined => endpointOf(entity, `batchSet:${field}`);

/** How records are deleted from the list: the batch path for `deleteStyle: 'batch'` (or several records), else one by one. */
export const deleteEndpointOf = (entity: Entity, many = false): Endpoint | undefined => {
  const batch = endpointOf(entity, 'batchDelete');
  if (entity.deleteStyle === 'batch' || (many && batch)) return batch;
  return endpointOf(entity, 'delete');
};

/** The path with its `{name}` placeholders filled (URI-encoded); a missing value throws, naming it. */
export const fillUrl = (url: string, values: Readonly<Record<string, unknown>>): string =>
  url.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') throw new Error(`no value for {${name}} in ${url}`);
    return encodeURIComponent(String(value));
  });

/** The `{placeholder}` names of a path (`/productCategory/list/{parentId}` → `parentId`). */
export const placeholdersOf = (url: string): string[] => [...url.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
