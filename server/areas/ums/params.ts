/**
 * Request parameters of the hand-written UMS routes, read as `mall` binds `@RequestParam`
 * (query string or form/JSON body), with the engine's id rules and error shapes.
 */
import type { FastifyRequest } from 'fastify';
import type { MessageKey } from '../../../src/schema/api';
import { parseIds } from '../../crud/ids';
import { formatMessage } from '../../http/envelope';
import { validationFailed } from '../../http/errors';

const bad = (field: string, messageKey: MessageKey) => validationFailed([{ field, messageKey, message: formatMessage(messageKey) }]);

/** Query and body parameters together; the query wins, as in the engine's batch routes. */
export const paramsOf = (request: FastifyRequest): Record<string, unknown> => ({
  ...(request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body as Record<string, unknown> : {}),
  ...(request.query as Record<string, unknown>),
});

const single = (value: unknown): unknown => (Array.isArray(value) ? value[value.length - 1] : value);

/** One record id from a path or query parameter: 400 when missing or not a valid id. */
export const idFrom = (value: unknown, field: string): number => {
  const raw = single(value);
  if (raw === undefined || raw === null || raw === '') throw bad(field, 'required');
  const ids = /^\d{1,10}$/.test(String(raw)) ? parseIds(String(raw)) : null;
  if (!ids || ids.length !== 1) throw bad(field, 'invalid_type');
  return ids[0]!;
};

/** `ids=1,2,3` (may be empty: "replace with nothing"); 400 when absent or malformed. */
export const idListFrom = (value: unknown, field: string): number[] => {
  if (value === undefined || value === null) throw bad(field, 'required');
  const ids = parseIds(value);
  if (ids === null) throw bad(field, 'invalid_ids');
  return ids;
};

/** A 0/1 flag from the query (`?status=0`). */
export const flagFrom = (value: unknown, field: string): 0 | 1 => {
  const raw = single(value);
  if (raw === undefined || raw === null || raw === '') throw bad(field, 'required');
  if (String(raw) !== '0' && String(raw) !== '1') throw bad(field, 'invalid_value');
  return String(raw) === '1' ? 1 : 0;
};

export const invalidReference = (field: string) => bad(field, 'invalid_reference');
