/**
 * react-admin's DataProvider over the declared entities (resource name = entity name): every call
 * is mapped onto the endpoints the declaration implies (see the server contract in
 * `src/schema/engine/entity.ts`), so screens never build URLs.
 */
import type { DataProvider, GetListParams, GetListResult, Identifier, RaRecord } from 'react-admin';
import type { Envelope, MessageKey, Page } from '../schema/api';
import { fieldError, MESSAGES, ResultCode } from '../schema/api';
import type { Endpoint, Operation } from '../schema/engine/endpoints';
import { actionEndpointOf, deleteEndpointOf, endpointOf, fillUrl, placeholdersOf, setEndpointOf } from '../schema/engine/endpoints';
import type { ChildRowsDecl, Entity, FieldDecl } from '../schema/engine/entity';
import { filterOf, rangeOf, writableFields } from '../schema/engine/entity';
import { createFormOf, createManyRecords } from '../schema/engine/createMany';
import type { BinOperation } from '../schema/engine/recycleBin';
import { joinedImages, timeOfDay } from '../schema/engine/kinds';
import { IN_BIN, recycleBinOf } from '../schema/engine/recycleBin';
import { findEntity } from '../schema/entities';
import { PAGE_SIZE } from '../schema/rules';
import type { ApiRequest } from './api';
import { ApiError, buildUrl, getToken, REQUEST_TIMEOUT_MS } from './api';
import { httpClient, reportHttpError } from './httpClient';

/** The transport: `apiFetch`'s signature (the admin passes `httpClient`, tests a fake). */
export type Fetcher = <T>(path: string, request?: ApiRequest) => Promise<Envelope<T>>;
/** Stores one image and answers its URL. */
type Uploader = (file: File) => Promise<string>;

type UploadAnswer = { url: string; name: string };
type Query = NonNullable<ApiRequest['query']>;
type AnyRecord = Record<string, unknown>;

const UPLOAD_PATH = '/minio/upload';

/**
 * An upload to `path` (`POST /minio/upload`, multipart field `file`). `apiFetch` only speaks JSON,
 * so this call has its own fetch with the same base path, token, timeout and envelope check.
 */
export const uploadImageTo = (path: string): Uploader => async (file) => {
  const body = new FormData();
  body.append('file', file);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = token;
  try {
    let response: Response;
    try {
      response = await fetch(buildUrl(path), { method: 'POST', body, headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (error) {
      throw new ApiError((error as Error).message || MESSAGES.network, 0, 0, 'network');
    }
    const envelope = (await response.json().catch(() => null)) as Envelope<UploadAnswer> | null;
    if (!envelope || typeof envelope.code !== 'number') throw new ApiError(`${response.status} ${response.statusText}`.trim(), 0, response.status);
    if (envelope.code !== ResultCode.success) {
      throw new ApiError(envelope.message, envelope.code, response.status, envelope.messageKey, envelope.errors ?? []);
    }
    return envelope.data.url;
  } catch (error) {
    reportHttpError(error);
    throw error;
  }
};

const uploadImage: Uploader = uploadImageTo(UPLOAD_PATH);

/** A refusal decided in the browser, worded as a translation key so react-admin's toast translates it. */
const refusal = (key: MessageKey): ApiError =>
  new ApiError(`errors.${key}`, ResultCode.validateFailed, 0, key, [fieldError('_', key)]);

/**
 * react-admin shows `{ body: { errors: { field: message } } }` of a rejected save under the
 * fields (pessimistic mode). Its error display parses messages carrying this prefix as
 * `{ message, args }`, which lets the server's parameters (`{min}`, `{max}`) reach the translation.
 */
const TRANSLATABLE_PREFIX = '@@react-admin@@';

/** Field errors of a failed save, keyed by field, as react-admin's form expects them. */
export const submissionErrors = (error: ApiError): Record<string, string> =>
  Object.fromEntries(error.errors.filter((e) => e.field && e.field !== '_').map((e) => [e.field, TRANSLATABLE_PREFIX + JSON.stringify({
    message: `errors.${e.messageKey}`,
    args: { ...(e.params ?? {}), _: e.message },
  })]));

/** Adds the form-error body to a validation failure; the same object travels on so the shell reports it once. */
const withFieldErrors = (error: unknown): unknown => {
  if (error instanceof ApiError && error.errors.length > 0) {
    const errors = submissionErrors(error);
    if (Object.keys(errors).length > 0) return Object.assign(error, { body: { errors } });
  }
  return error;
};

const entityOf = (resource: string): Entity => {
  const entity = findEntity(resource);
  if (!entity) throw new Error(`Unknown resource "${resource}"`);
  return entity;
};

const PLACEHOLDER = /\{(\w+)\}/g;

/** The entity's endpoint for an operation; calling one it does not have is a programming error. */
const requireEndpoint = (entity: Entity, operation: Operation): Endpoint => {
  const endpoint = endpointOf(entity, operation);
  if (!endpoint) throw new Error(`${entity.name} has no ${operation} route`);
  return endpoint;
};

/** Filter fields consumed by `{field}` segments of the list path. */
const pathFilterFields = (entity: Entity): string[] => placeholdersOf(entity.listPath ?? '');

const isEmpty = (value: unknown): boolean => value === undefined || value === null || value === '';

/** `GET {path}{listPath}` with the placeholders filled from the filter; the remaining filter goes to the query. */
const listRequest = (entity: Entity, filter: AnyRecord): { path: string; query: Query } => {
  const consumed = new Set<string>();
  const listUrl = requireEndpoint(entity, 'list').url.replace(PLACEHOLDER, (_m, fieldName: string) => {
    const value = filter[fieldName];
    if (isEmpty(value)) throw new Error(`The ${entity.name} list needs the "${fieldName}" filter`);
    consumed.add(fieldName);
    return encodeURIComponent(String(value));
  });
  const query: Query = {};
  for (const [key, value] of Object.entries(filter)) {
    if (consumed.has(key) || isEmpty(value)) continue;
    // The recycle bin's list (`?deleteStatus=1`); the live list sends nothing.
    if (recycleBinOf(entity)?.param === key) {
      if (Number(value) === IN_BIN) query[key] = IN_BIN;
      continue;
    }
    if (entity.search?.param === key) {
      query[key] = String(value);
      continue;
    }
    const decl = entity.fields[key];
    const declared = decl ? filterOf(key, decl) : null;
    if (declared) query[declared.param] = toQueryValue(value, decl);
    // A range's inputs are named as its query parameters (`endTimeFrom`).
    const ranged = rangeSources(entity).get(key);
    if (ranged) query[key] = toQueryValue(value, ranged);
    // A column-comparison filter is on (1) or off; off sends nothing.
    if (!declared && entity.compareFilters?.[key]) {
      if (value === true || Number(value) === 1 || value === 'true') query[key] = 1;
    }
  }
  return { path: listUrl, query };
};

const rangeSourceCache = new WeakMap<Entity, Map<string, FieldDecl>>();
const rangeSources = (entity: Entity): Map<string, FieldDecl> => {
  let sources = rangeSourceCache.get(entity);
  if (!sources) {
    sources = new Map(Object.entries(entity.fields).flatMap(([name, decl]) => {
      const range = rangeOf(name, decl);
      return range ? [[range.from, decl], [range.to, decl]] as const : [];
    }));
    rangeSourceCache.set(entity, sources);
  }
  return sources;
};

const toQueryValue = (value: unknown, decl?: FieldDecl): string | number => {
  // Date filters compare by day (`mall`: "ends on that day"); pickers may hand a full instant.
  if ((decl?.kind === 'date' || decl?.kind === 'dateTime') && typeof value === 'string') return value.slice(0, 10);
  if (typeof value === 'boolean') return value ? 1 : 0;
  return typeof value === 'number' ? value : String(value);
};

const sortQuery = (entity: Entity, sort: GetListParams['sort']): Query => {
  const requested = sort?.field ? entity.fields[sort.field] : undefined;
  const chosen = requested?.sortable ? sort : entity.defaultSort;
  return chosen ? { sort: chosen.field, order: chosen.order === 'ASC' ? 'asc' : 'desc' } : {};
};

/**
 * A long list's total that is not exact (server/crud/list-read.ts): the list has at least
 * `totalAtLeast` rows and `total` is an estimate; the list's `meta` carries it to the pagination
 * (./../engine/EntityPagination.tsx), which asks for the exact total with `meta.exactTotal`.
 */
export type ListTotalMeta = { readonly totalExact: false; readonly totalAtLeast: number; readonly estimate: number };

/** Lists answer `Page<T>`; a plain array (some `mall` lookups) is taken as the whole list. */
const toListResult = <R extends RaRecord>(data: (Page<RaRecord> & { totalExact?: boolean; totalAtLeast?: number }) | RaRecord[] | null): GetListResult<R> => {
  if (Array.isArray(data)) return { data: data as R[], total: data.length };
  const total = data?.total ?? 0;
  if (data?.totalExact === false) {
    const meta: ListTotalMeta = { totalExact: false, totalAtLeast: data.totalAtLeast ?? total, estimate: total };
    return { data: (data.list ?? []) as R[], total, meta };
  }
  return { data: (data?.list ?? []) as R[], total };
};

/**
 * Requests whose react-admin `meta` carries `listAll: true` read `GET {path}/listAll` (every row,
 * not paged) when the entity declares it: reference inputs over small tables pick from all rows.
 */
export type ListAllMeta = { readonly listAll?: boolean };
/**
 * A `listAll` look-up's filter key: only rows whose display text holds this text (ignoring case),
 * so a picker over every row can still be searched by typing (the server's `listAll` takes no filter).
 */
export const LIST_ALL_TEXT = 'displayText';
const wantsListAll = (entity: Entity, meta: unknown): boolean =>
  entity.listAll === true && (meta as ListAllMeta | undefined)?.listAll === true;

/** Whether one image value still holds a file to upload. */
const fileOf = (value: unknown): File | null => {
  if (typeof File !== 'undefined' && value instanceof File) return value;
  const raw = (value as { rawFile?: unknown } | null)?.rawFile;
  return typeof File !== 'undefined' && raw instanceof File ? raw : null;
};

/** An image still being uploaded by its input (`{ rawFile, pending }`): its URL to come. */
const pendingOf = (value: unknown): Promise<string> | null => {
  const pending = (value as { pending?: unknown } | null)?.pending;
  return pending instanceof Promise ? (pending as Promise<string>) : null;
};

/** The stored URL of one image value: the running upload's, a new upload of a file, or the URL it holds. */
const storedImage = async (value: unknown, upload: Uploader): Promise<unknown> => {
  const pending = pendingOf(value);
  if (pending) return pending;
  const file = fileOf(value);
  return file ? upload(file) : imageUrlOf(value);
};

/** An image value as the API holds it: the URL (react-admin's `{ src }` objects unwrapped). */
const imageUrlOf = (value: unknown): unknown => {
  if (value && typeof value === 'object' && 'src' in value && !fileOf(value)) return (value as { src: unknown }).src;
  return value;
};

const normalise = (decl: FieldDecl, value: unknown): unknown => {
  if (decl.kind === 'image') return imageUrlOf(value);
  // Picks kept as relation rows go out as `mall`'s rows (`[{ subjectId: 3 }]`).
  if (decl.relation?.rows && Array.isArray(value)) return value.map((id) => ({ [decl.relation!.rows!.other]: pickOf(decl, id) }));
  if (decl.kind === 'images' && Array.isArray(value)) return value.map(imageUrlOf);
  if (decl.children && Array.isArray(value)) return value.map((row) => rowBody(decl.children!, row));
  return value;
};

/** One pick of a reference list: a relation row (RelationDecl `rows`) read as the id it names. */
const pickOf = (decl: FieldDecl, pick: unknown): unknown =>
  (pick !== null && typeof pick === 'object' && decl.relation?.rows ? (pick as AnyRecord)[decl.relation.rows.other] : pick);

/**
 * A record as the screens hold it: reference lists kept as relation rows are plain id lists, as
 * every other, an image list answered comma-joined (`mall`'s `albumPics: "a.png,b.png"`) is
 * the list of its URLs, and a time of day answered as `1970-01-01T08:00:00` is `08:00:00`.
 */
const screenRecord = <R extends RaRecord>(entity: Entity, record: R): R => {
  const lists = Object.entries(entity.fields).filter(([name, decl]) =>
    (decl.relation?.rows && Array.isArray(record[name])) || ((decl.kind === 'images' || decl.kind === 'time') && typeof record[name] === 'string'));
  if (!lists.length) return record;
  return {
    ...record,
    ...Object.fromEntries(lists.map(([name, decl]) => [name, decl.kind === 'images'
      ? joinedImages(record[name] as string)
      : decl.kind === 'time' ? timeOfDay(record[name] as string)
        : (record[name] as unknown[]).map((pick) => pickOf(decl, pick))])),
  };
};

/** The records of a list as the screens hold them (./screenRecord). */
const screenList = <R extends RaRecord>(entity: Entity, result: GetListResult<R>): GetListResult<R> =>
  ({ ...result, data: result.data.map((record) => screenRecord(entity, record)) });

/**
 * A child row as the API takes it: the `id` of a row it keeps and the row's writable fields
 * (server-managed values and anything the form added stay behind).
 */
const rowBody = (decl: ChildRowsDecl, row: unknown): unknown => {
  if (!row || typeof row !== 'object') return row;
  const values = row as AnyRecord;
  const out: AnyRecord = typeof values.id === 'number' ? { id: values.id } : {};
  for (const [key, child] of Object.entries(decl.fields)) {
    if (!child.serverManaged && values[key] !== undefined) out[key] = normalise(child, values[key]);
  }
  return out;
};

/** An empty list counts as "no value" too: a record read without its relation list has not changed it. */
const isBlank = (value: unknown): boolean => isEmpty(value) || (Array.isArray(value) && value.length === 0);

const sameValue = (a: unknown, b: unknown): boolean =>
  (isBlank(a) && isBlank(b)) || JSON.stringify(a) === JSON.stringify(b);

/** Writable fields a create body may carry (server-managed ones never). */
export const createBody = (entity: Entity, data: AnyRecord): AnyRecord => {
  const body: AnyRecord = {};
  for (const [key, decl] of writableFields(entity)) {
    const value = normalise(decl, data[key]);
    if (value !== undefined && value !== null) body[key] = value;
  }
  return body;
};

/** Fields an update may change: writable and not immutable. */
export const updatableFields = (entity: Entity): [string, FieldDecl][] =>
  writableFields(entity).filter(([, decl]) => !decl.immutable);

/** The selective update body: only the updatable fields whose value differs from the record. */
export const changedFields = (entity: Entity, data: AnyRecord, previous: AnyRecord = {}): AnyRecord => {
  const body: AnyRecord = {};
  for (const [key, decl] of updatableFields(entity)) {
    if (!(key in data)) continue;
    const value = normalise(decl, data[key]);
    if (!sameValue(value, normalise(decl, previous[key]))) body[key] = value === undefined ? null : value;
  }
  return body;
};

const uploadFields = async (fields: Entity['fields'], body: AnyRecord, upload: Uploader): Promise<AnyRecord> => {
  const out: AnyRecord = { ...body };
  for (const [key, decl] of Object.entries(fields)) {
    const value = out[key];
    if (decl.children && Array.isArray(value)) {
      // Child rows hold images too (a SKU's picture): each row's files are stored like the record's.
      out[key] = await Promise.all(value.map((row) => (row && typeof row === 'object' ? uploadFields(decl.children!.fields, row as AnyRecord, upload) : row)));
    } else if (decl.kind === 'image') {
      // A Save pressed while the input is still uploading waits for that upload rather than sending the file again.
      if (pendingOf(value) || fileOf(value)) out[key] = await storedImage(value, upload);
    } else if (decl.kind === 'images' && Array.isArray(value)) {
      out[key] = await Promise.all(value.map((v) => storedImage(v, upload)));
    }
  }
  return out;
};

/** The body with every new image file uploaded and replaced by its URL (child rows' images too). */
export const uploadImages = (entity: Entity, body: AnyRecord, upload: Uploader): Promise<AnyRecord> => uploadFields(entity.fields, body, upload);

/** The records a recycle bin's operation works on. */
type BinParams = { readonly ids: readonly Identifier[] };

const notFound = (entity: Entity, id: Identifier): ApiError =>
  new ApiError('ra.notification.item_doesnt_exist', ResultCode.failed, 404, 'not_found', [], { resource: entity.name, id });

/**
 * A declared action (src/schema/engine/entity.ts ActionDecl): `id` for a row action, `ids` for a
 * selection, neither for the collection; `params` by their declared names.
 */
export type ActionRequest = {
  readonly name: string;
  readonly id?: Identifier;
  readonly ids?: readonly Identifier[];
  readonly params?: Readonly<Record<string, unknown>>;
  /** `bodyRows` actions: each record's own parameters by its id (`params` fills what a row leaves out). */
  readonly rows?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly signal?: AbortSignal;
  /** The parameters the calling dialog shows a refusal under (httpClient then shows no toast for it). */
  readonly fieldsShown?: readonly string[];
};

/** What an action answers: its data, and for a transition on a selection the ids its state kept out. */
type ActionResult<T> = { data: T; skipped?: number[] };

/** react-admin's data provider plus `action`, the one way the browser calls a declared action. */
export type EntityDataProvider = DataProvider & {
  action: <T = unknown>(resource: string, request: ActionRequest) => Promise<ActionResult<T>>;
};

type QueryValue = Query[string];

/** A parameter as `mall` takes it in a query string: id lists comma-joined (`""` for none), flags as 0/1. */
const queryValueOf = (value: unknown): QueryValue => {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (Array.isArray(value)) return value.map(String);
  return value as QueryValue;
};

/**
 * The path, query and body of an action call: the target id in the path or its parameter, and
 * the parameters in the query as `mall`'s `@RequestParam`s, or as a JSON body when one of them is
 * structured (objects), which a query string cannot carry.
 */
export const actionCall = (entity: Entity, request: ActionRequest): { endpoint: Endpoint; path: string; query: Query; body?: AnyRecord | readonly unknown[] } => {
  const endpoint = actionEndpointOf(entity, request.name);
  if (!endpoint) throw new Error(`${entity.name} declares no action ${request.name}`);
  const { decl } = endpoint.action!;
  const query: Query = {};
  let path = endpoint.url;
  if (decl.on === 'row') {
    if (request.id === undefined || request.id === null) throw new Error(`${entity.name}.${request.name} acts on one record: give its id`);
    if (endpoint.ids === 'path') path = fillUrl(endpoint.url, { [endpoint.idParam!]: request.id });
    else query[endpoint.idParam!] = String(request.id);
  } else if (decl.on === 'selection') {
    if (!request.ids?.length) throw refusal((decl.selectMessage ?? 'select_record') as MessageKey);
    if (endpoint.ids === 'query') query[endpoint.idParam!] = request.ids.map(String);
  }
  const params = Object.fromEntries(Object.entries(request.params ?? {}).filter(([, value]) => value !== undefined && value !== null));
  // A JSON array of rows (`bodyRows`: mall's `[{orderId, deliveryCompany, deliverySn}]`), one per record.
  if (endpoint.ids === 'body') {
    const rows = (request.ids ?? []).map((id) => ({ [endpoint.idParam!]: id, ...params, ...(request.rows?.[String(id)] ?? {}) }));
    return { endpoint, path, query, body: rows };
  }
  // One parameter is the whole JSON body (`bodyParam`: mall's array of SKUs); the others go in the query.
  if (decl.bodyParam) {
    const { [decl.bodyParam]: body, ...rest } = params;
    for (const [key, value] of Object.entries(rest)) query[key] = queryValueOf(value);
    return { endpoint, path, query, body: (body ?? []) as readonly unknown[] };
  }
  const structured = Object.values(params).some((value) => typeof value === 'object' && !Array.isArray(value));
  if (structured && decl.writes) return { endpoint, path, query, body: params };
  for (const [key, value] of Object.entries(params)) query[key] = queryValueOf(value);
  return { endpoint, path, query };
};

export const createEntityDataProvider = (fetcher: Fetcher = httpClient, upload: Uploader = uploadImage): EntityDataProvider => {
  const callEnvelope = async <T>(path: string, request: ApiRequest = {}): Promise<Envelope<T>> => {
    try {
      return await fetcher<T>(path, request);
    } catch (error) {
      throw withFieldErrors(error);
    }
  };
  const call = async <T>(path: string, request: ApiRequest = {}): Promise<T> => (await callEnvelope<T>(path, request)).data;

  /**
   * A write on records: one call with `?ids=` when the path takes a list, else one call per id
   * (`mall`'s `/role/updateStatus/{id}?status=0`), one after another, so a refusal stops the rest
   * and the error names the first failing record.
   */
  const callEach = async (endpoint: Endpoint, ids: readonly Identifier[], query: Query) => {
    if (endpoint.ids === 'query') {
      await call(endpoint.url, { method: endpoint.method, query: { ids: ids.map(String), ...query } });
      return;
    }
    for (const id of ids) await call(fillUrl(endpoint.url, { id }), { method: endpoint.method, query });
  };

  const getOne = async <R extends RaRecord>(resource: string, id: Identifier, signal?: AbortSignal): Promise<{ data: R }> => {
    const entity = entityOf(resource);
    const record = await call<R | null>(fillUrl(requireEndpoint(entity, 'get').url, { id }), { signal });
    if (!record) throw notFound(entity, id);
    return { data: screenRecord(entity, record) };
  };

  /** `GET {path}/listAll`: every row the caller may see, in the default order. */
  const listAll = async <R extends RaRecord>(entity: Entity, signal?: AbortSignal): Promise<R[]> =>
    screenList(entity, toListResult<R>(await call<Page<RaRecord> | RaRecord[]>(requireEndpoint(entity, 'listAll').url, { signal }))).data;

  const getList = async <R extends RaRecord>(resource: string, params: GetListParams): Promise<GetListResult<R>> => {
    const entity = entityOf(resource);
    if (wantsListAll(entity, params.meta)) {
      const all = await listAll<R>(entity, params.signal);
      const { [LIST_ALL_TEXT]: typed, ...equal } = (params.filter ?? {}) as AnyRecord;
      const text = String(typed ?? '').trim().toLowerCase();
      // The rest of the filter names fields a picker narrows to (a return's own shop's addresses).
      const fields = Object.entries(equal).filter(([key, value]) => key in entity.fields && !isEmpty(value));
      const data = all.filter((row) => (!text || String(row[entity.display] ?? '').toLowerCase().includes(text))
        && fields.every(([key, value]) => String(row[key]) === String(value)));
      return { data, total: data.length };
    }
    const { path, query } = listRequest(entity, params.filter ?? {});
    const page = params.pagination?.page ?? 1;
    const perPage = Math.min(params.pagination?.perPage ?? PAGE_SIZE.choices[0], PAGE_SIZE.max);
    const data = await call<Page<RaRecord> | RaRecord[]>(path, {
      query: { pageNum: page, pageSize: perPage, ...query, ...sortQuery(entity, params.sort), ...((params.meta as { exactTotal?: boolean } | undefined)?.exactTotal ? { exactTotal: 1 } : {}) },
      signal: params.signal,
    });
    return screenList(entity, toListResult<R>(data));
  };

  const setField = async (entity: Entity, ids: readonly Identifier[], data: AnyRecord) => {
    if (ids.length === 0) throw refusal('select_record');
    const keys = Object.keys(data).filter((k) => data[k] !== undefined);
    const target = keys.length === 1 ? setEndpointOf(entity, keys[0] as string) : undefined;
    if (!target?.param) throw refusal('select_batch_type');
    const raw = data[keys[0] as string];
    const value = typeof raw === 'boolean' ? Number(raw) : raw as string | number;
    await callEach(target, ids, { [target.param]: value });
  };

  /** Restores or purges records of a recycle bin (`POST <path>/restore?ids=`). */
  const binOperation = async (resource: string, operation: BinOperation, ids: readonly Identifier[]) => {
    if (ids.length === 0) throw refusal('select_record');
    await callEach(requireEndpoint(entityOf(resource), operation), ids, {});
    return { data: [...ids] };
  };

  /** One record by the declared style; several through the batch path when there is one. */
  const deleteIds = async (entity: Entity, ids: readonly Identifier[], many: boolean) => {
    if (ids.length === 0) throw refusal('select_record');
    const target = deleteEndpointOf(entity, many);
    if (!target) throw new Error(`${entity.name} declares no delete route`);
    await callEach(target, ids, {});
  };

  return {
    getList,

    action: async <T>(resource: string, request: ActionRequest) => {
      const { endpoint, path, query, body } = actionCall(entityOf(resource), request);
      const envelope = await callEnvelope<T>(path, { method: endpoint.method, query, ...(body ? { body } : {}), signal: request.signal, fieldsShown: request.fieldsShown });
      return { data: envelope.data, ...(envelope.skipped?.length ? { skipped: envelope.skipped } : {}) };
    },

    getOne: (resource, params) => getOne(resource, params.id, params.signal),

    getMany: async (resource, params) => {
      const entity = entityOf(resource);
      if (params.ids.length === 0) return { data: [] };
      // Small look-up tables answer every row at once; the same answer serves any set of ids.
      if (entity.listAll) {
        const wanted = new Set(params.ids.map(String));
        return { data: (await listAll<never>(entity, params.signal)).filter((r: RaRecord) => wanted.has(String(r.id))) };
      }
      // A list path with `{field}` segments is per parent: no single list can answer for any ids.
      if (pathFilterFields(entity).length > 0) {
        const records = await Promise.all(params.ids.map((id) => getOne<never>(resource, id, params.signal)));
        return { data: records.map((r) => r.data) };
      }
      const { path, query } = listRequest(entity, {});
      const data = await call<Page<RaRecord> | RaRecord[]>(path, {
        query: { ...query, ids: params.ids.map(String), pageNum: 1, pageSize: Math.min(params.ids.length, PAGE_SIZE.max) },
        signal: params.signal,
      });
      return { data: screenList(entity, toListResult<never>(data)).data };
    },

    getManyReference: (resource, params) =>
      getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }),

    create: async (resource, params) => {
      const entity = entityOf(resource);
      // Several records at once (`createMany`): one per picked id; a row's errors are shown under the picker.
      if (entity.createMany) {
        const body = createBody(createFormOf(entity), params.data as AnyRecord);
        const rows = createManyRecords(entity, body);
        if (!rows.length) throw refusal('select_record');
        try {
          await fetcher(requireEndpoint(entity, 'create').url, { method: 'POST', body: rows });
        } catch (error) {
          throw withFieldErrors(error instanceof ApiError
            ? new ApiError(error.message, error.code, error.status, error.messageKey,
              error.errors.map((e) => ({ ...e, field: e.field.replace(/^\d+\./, '') })), error.data, error.params, error.request)
            : error);
        }
        return { data: { ...body, id: 0 } as never };
      }
      const body = await uploadImages(entity, createBody(entity, params.data as AnyRecord), upload);
      const created = await call<RaRecord | number | null>(requireEndpoint(entity, 'create').url, { method: 'POST', body });
      // The contract answers the created record; a `mall` server answers a row count instead. The
      // answer fills react-admin's cache of the record, so it is held as every read holds it (./screenRecord).
      const data = created && typeof created === 'object' ? screenRecord(entity, created) : { ...body, id: 0 };
      return { data: data as never };
    },

    update: async (resource, params) => {
      const entity = entityOf(resource);
      const changes = changedFields(entity, params.data as AnyRecord, params.previousData as AnyRecord);
      if (Object.keys(changes).length > 0) {
        const body = await uploadImages(entity, changes, upload);
        await call(fillUrl(requireEndpoint(entity, 'update').url, { id: params.id }), { method: 'POST', body });
      }
      // Updates answer a row count; react-admin needs the record, and the server may have derived fields.
      return (await getOne(resource, params.id)) as never;
    },

    updateMany: async (resource, params) => {
      await setField(entityOf(resource), params.ids, params.data as AnyRecord);
      return { data: params.ids };
    },

    delete: async (resource, params) => {
      await deleteIds(entityOf(resource), [params.id], false);
      return { data: (params.previousData ?? { id: params.id }) as never };
    },

    deleteMany: async (resource, params) => {
      await deleteIds(entityOf(resource), params.ids, true);
      return { data: params.ids };
    },

    /** The recycle bin (src/schema/engine/recycleBin.ts): its records back to the list, or deleted for good. */
    restoreMany: (resource: string, params: BinParams) => binOperation(resource, 'restore', params.ids),
    purgeMany: (resource: string, params: BinParams) => binOperation(resource, 'purge', params.ids),
  };
};
