/**
 * Every operation of a declared entity on the wire, read from its declaration: the one place an
 * entity URL is spelt. The server registers these routes, the data provider calls them, the
 * browser's access checks and the route table's needs ask about them, and OpenAPI, the test
 * helpers and the permission matrix walk them.
 */
import type { Entity, VariantDecl } from './entity';

/**
 * `list`, `listAll`, `get`, `create`, `update`, `delete` (one id in the path), `batchDelete`,
 * `batchSet:<field>`, or a variant's kind (`alias`, `nested`, `view`).
 */
export type Operation = string;

export type Endpoint = {
  readonly entity: string;
  readonly operation: Operation;
  readonly method: 'GET' | 'POST';
  /** The full path under the API prefix, with `{id}` and `{field}` placeholders (`/brand/update/{id}`). */
  readonly url: string;
  /** Where the records' ids go: one in the path (`{id}`), a list in `?ids=`, or none. */
  readonly ids: 'path' | 'query' | 'none';
  /** What the request carries: the record's fields as JSON (`create`, `update`), one query value (`set`), nothing. */
  readonly body: 'record' | 'value' | 'none';
  /** For `batchSet` and set aliases: the field set and the query parameter carrying its value. */
  readonly field?: string;
  readonly param?: string;
  /** The declaration of a variant route (`mall`'s other paths). */
  readonly variant?: VariantDecl;
};

type Routes = NonNullable<Entity['routes']>;

const hasId = (path: string): boolean => path.includes('{id}');

const declaredEndpoints = (entity: Entity): Endpoint[] => {
  const on = (op: keyof Routes) => entity.routes?.[op] !== false;
  const endpoints: Endpoint[] = [];
  const add = (method: Endpoint['method'], suffix: string, operation: Operation, rest: Pick<Endpoint, 'ids' | 'body'> & Partial<Endpoint>) =>
    endpoints.push({ entity: entity.name, operation, method, url: `${entity.path}${suffix}`, ...rest });
  if (on('list')) add('GET', entity.listPath ?? '/list', 'list', { ids: 'none', body: 'none' });
  if (entity.listAll) add('GET', '/listAll', 'listAll', { ids: 'none', body: 'none' });
  if (on('get')) add('GET', '/{id}', 'get', { ids: 'path', body: 'none' });
  if (on('create')) add('POST', '/create', 'create', { ids: 'none', body: 'record' });
  if (on('update')) add('POST', '/update/{id}', 'update', { ids: 'path', body: 'record' });
  if (on('delete') && (entity.deleteStyle ?? 'path') === 'path') add('POST', '/delete/{id}', 'delete', { ids: 'path', body: 'none' });
  for (const batch of entity.batch ?? []) {
    const ids = hasId(batch.path) ? 'path' : 'query';
    if (batch.kind === 'delete') add('POST', batch.path, 'batchDelete', { ids, body: 'none' });
    else add('POST', batch.path, `batchSet:${batch.field}`, { ids, body: 'value', field: batch.field, param: batch.param ?? batch.field });
  }
  // A list switch whose path no batch declares is a set operation of its own (one record per call).
  for (const [field, decl] of Object.entries(entity.fields)) {
    if (!decl.toggle || endpoints.some((e) => e.url === `${entity.path}${decl.toggle}`)) continue;
    add('POST', decl.toggle, `batchSet:${field}`, { ids: hasId(decl.toggle) ? 'path' : 'query', body: 'value', field, param: field });
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

/** Every endpoint of an entity: the generated operations, then the declared variants. */
export const endpointsOf = (entity: Entity): readonly Endpoint[] => {
  let endpoints = cache.get(entity);
  if (!endpoints) cache.set(entity, endpoints = declaredEndpoints(entity));
  return endpoints;
};

/** The generated operations only (no variants). */
export const operationsOf = (entity: Entity): readonly Endpoint[] => endpointsOf(entity).filter((e) => !e.variant);

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
