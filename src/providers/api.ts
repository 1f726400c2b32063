/**
 * The transport under every call the browser makes: base path, 35 s timeout, the stored token,
 * and the envelope check (success only when `code === 200`). It has no UI; the admin's
 * `httpClient` adds toasts and the 401 dialog on top, and the public pages use it directly.
 */
import type { Envelope, FieldError, MessageKey } from '../schema/api';
import { ResultCode } from '../schema/resultCodes';

export const TOKEN_KEY = 'loginToken';
export const REQUEST_TIMEOUT_MS = 35_000;
const API_BASE: string = import.meta.env?.VITE_API_BASE ?? '/api';

export const getToken = (): string | null => localStorage.getItem(TOKEN_KEY);
export const setToken = (token: string): void => localStorage.setItem(TOKEN_KEY, token);
export const clearToken = (): void => localStorage.removeItem(TOKEN_KEY);

/** An answer whose envelope code is not 200, or no answer at all (`code` 0: network, timeout). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly status: number,
    readonly messageKey?: MessageKey,
    readonly errors: FieldError[] = [],
    readonly data: unknown = null,
    readonly params: Record<string, string | number> = {},
    /** The call refused (method, path under the API prefix): whose fields `errors` name. */
    readonly request: { readonly method: 'GET' | 'POST'; readonly path: string } | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type ApiRequest = {
  method?: 'GET' | 'POST';
  /** Query parameters; arrays are sent comma-joined, as `mall` expects (`ids=1,2,3`). */
  query?: Record<string, string | number | boolean | readonly (string | number)[] | null | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /**
   * The fields the calling form shows a refusal under (its inputs): a refusal naming only these
   * gets no toast, so its message is read once, under its input.
   */
  fieldsShown?: readonly string[];
};

export const buildUrl = (path: string, query: ApiRequest['query'] = {}): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
};

/** One call to the API, as it is: the envelope of a success, or `ApiError`. */
const send = async <T>(path: string, request: ApiRequest): Promise<Envelope<T>> => {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = token;
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';

  const method = request.method ?? (request.body === undefined ? 'GET' : 'POST');
  let response: Response;
  try {
    response = await fetch(buildUrl(path, request.query), {
      method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal,
    });
  } catch (error) {
    const timedOut = timeout.aborted;
    throw new ApiError(timedOut ? 'Request timed out' : (error as Error).message || 'Network error', 0, 0,
      timedOut ? 'timeout' : 'network');
  }

  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new ApiError(`${response.status} ${response.statusText}`.trim(), 0, response.status);
  }
  if (typeof envelope !== 'object' || envelope === null || typeof envelope.code !== 'number') {
    throw new ApiError(`${response.status} ${response.statusText}`.trim(), 0, response.status);
  }
  if (envelope.code !== ResultCode.success) {
    throw new ApiError(envelope.message, envelope.code, response.status, envelope.messageKey, envelope.errors ?? [], envelope.data, envelope.params ?? {}, { method, path });
  }
  return envelope;
};

/**
 * GET answers asked for before the code that reads them arrived: the entry starts the
 * session's `/admin/info` and the opened screen's first request as soon as the route is known,
 * in parallel with the admin's chunks, and the screen's own identical call (same URL, same
 * token) takes the answer instead of asking again. An answer is taken once; any write through
 * `apiFetch` drops every one not taken yet (it may predate the write), and one not taken within
 * EARLY_ANSWER_TTL_MS of its start is dropped when looked up.
 */
const early = new Map<string, { readonly answer: Promise<Envelope<unknown>>; readonly startedAt: number }>();
const EARLY_ANSWER_TTL_MS = 20_000;
/** The performance mark set when a screen takes an early answer (`detail`: the URL). */
export const EARLY_ANSWER_MARK = 'early-answer-taken';

const earlyKey = (url: string, token: string | null): string => `${token ?? ''}\n${url}`;

/** Keeps `answer` as the answer of `GET path?query` for the next identical call (a rejection too). */
const shareEarlyAnswer = <T>(path: string, query: ApiRequest['query'], answer: Promise<Envelope<T>>): void => {
  // Nobody may take it: its rejection must not count as unhandled. The taker sees it as it is.
  answer.catch(() => undefined);
  early.set(earlyKey(buildUrl(path, query), getToken()), { answer, startedAt: Date.now() });
};

/** Sends `GET path?query` now, for the identical call a screen will make once its code is there. */
export const startEarlyGet = <T>(path: string, query?: ApiRequest['query']): Promise<Envelope<T>> => {
  const key = earlyKey(buildUrl(path, query), getToken());
  const started = early.get(key);
  if (started) return started.answer as Promise<Envelope<T>>;
  const answer = send<T>(path, { query });
  shareEarlyAnswer(path, query, answer);
  return answer;
};

/** The early answer of this exact call, removed (taken once); null when none is there or it is too old. */
const takeEarlyAnswer = (url: string): Promise<Envelope<unknown>> | null => {
  if (early.size === 0) return null;
  const key = earlyKey(url, getToken());
  const found = early.get(key);
  if (!found) return null;
  early.delete(key);
  if (Date.now() - found.startedAt > EARLY_ANSWER_TTL_MS) return null;
  // When the screen asked: the answer may have arrived long before its code (bench/render.ts times rows from here).
  globalThis.performance?.mark?.(EARLY_ANSWER_MARK, { detail: url });
  return found.answer;
};

/** Forgets every early answer not taken yet. */
const dropEarlyAnswers = (): void => early.clear();

/** Calls the API and resolves with the envelope of a success; rejects with `ApiError` otherwise. */
export const apiFetch = <T>(path: string, request: ApiRequest = {}): Promise<Envelope<T>> => {
  const method = request.method ?? (request.body === undefined ? 'GET' : 'POST');
  if (method === 'GET' && request.body === undefined) {
    const taken = takeEarlyAnswer(buildUrl(path, request.query));
    if (taken) return taken as Promise<Envelope<T>>;
  } else {
    dropEarlyAnswers();
  }
  return send<T>(path, request);
};
