/**
 * The transport under every call the browser makes: base path, 35 s timeout, the stored token,
 * and the envelope check (success only when `code === 200`). It has no UI; the admin's
 * `httpClient` adds toasts and the 401 dialog on top, and the public pages use it directly.
 */
import type { Envelope, FieldError, MessageKey } from '../schema/api';
import { ResultCode } from '../schema/api';

export const TOKEN_KEY = 'loginToken';
export const REQUEST_TIMEOUT_MS = 35_000;
export const API_BASE: string = import.meta.env?.VITE_API_BASE ?? '/api';

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

/** Calls the API and resolves with the envelope of a success; rejects with `ApiError` otherwise. */
export const apiFetch = async <T>(path: string, request: ApiRequest = {}): Promise<Envelope<T>> => {
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
