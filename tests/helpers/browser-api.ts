/**
 * The server's API called beside the browser in the e2e files (tests/e2e/harness.ts starts the
 * server): as a demo role, with the session the suite signed it in with, so a test reads or prepares
 * records without driving a screen for it. Every answer but code 200 throws, naming the path: a test
 * never goes on from a refused call with `undefined` data.
 */
import type { Envelope } from '../../src/schema/api';
import type { DemoRole } from './accounts';

/** What of a browser suite the calls need (tests/e2e/harness.ts `browserSuite`), read at call time. */
export type ApiServer = {
  readonly baseUrl: string;
  tokenOf: (role: DemoRole) => Promise<string>;
};

/**
 * Calls `path` under /api as `role`: GET without a body, POST with `body` as JSON (`post` for a
 * POST without one); the answer's data.
 */
export const callApi = async <T>(server: ApiServer, role: DemoRole, path: string, body?: unknown, method: 'GET' | 'POST' = body === undefined ? 'GET' : 'POST'): Promise<T> => {
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    method,
    headers: { authorization: await server.tokenOf(role), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as Envelope<T>;
  if (answer.code !== 200) throw new Error(`${method} ${path} as ${role}: ${JSON.stringify(answer)}`);
  return answer.data;
};

/** The API as one role (the super admin unless told): `call` as callApi, `post` always a POST, `listOf` a list's rows (paged or plain). */
export const apiAs = (server: ApiServer, role: DemoRole = 'admin') => {
  const call = <T>(path: string, body?: unknown): Promise<T> => callApi<T>(server, role, path, body);
  const post = <T>(path: string, body?: unknown): Promise<T> => callApi<T>(server, role, path, body, 'POST');
  const listOf = async <T>(path: string): Promise<T[]> => {
    const data = await call<{ list: T[] } | T[]>(path);
    return Array.isArray(data) ? data : data.list;
  };
  return { call, post, listOf };
};
