/** A fetcher for the data provider's unit tests: it records every call and answers without a server. */
import type { ApiRequest } from '../../src/providers/api';
import type { Fetcher } from '../../src/providers/entityDataProvider';
import type { Envelope } from '../../src/schema/api';

export type Call = { path: string; method: string; query: Record<string, unknown>; body: unknown };

/** Answers from `answers` by path (an `Error` there is thrown), else `1`; `calls` lists what was asked. */
export const fakeFetcher = (answers: Record<string, unknown> = {}) => {
  const calls: Call[] = [];
  const fetcher: Fetcher = async <T>(path: string, request: ApiRequest = {}) => {
    calls.push({ path, method: request.method ?? (request.body === undefined ? 'GET' : 'POST'), query: { ...request.query }, body: request.body });
    const answer = path in answers ? answers[path] : 1;
    if (answer instanceof Error) throw answer;
    return { code: 200, message: 'ok', data: answer } as Envelope<T>;
  };
  return { calls, fetcher };
};
