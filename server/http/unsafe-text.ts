/**
 * Refuses NUL and lone UTF-16 surrogates (src/schema/validation.ts `isUnsafeText`) in every
 * parameter of every API route, before any handler runs: path, query and body. PostgreSQL cannot
 * store NUL (the write fails, a 500) and SQLite keeps it; surrogates come back changed. The engine
 * checks its own routes too; this hook is the one place that covers the hand-written ones (sign-in,
 * accounts, roles, groups, capacity, uploads), so none of them can forget a parameter.
 */
import type { FastifyRequest } from 'fastify';
import type { FieldError } from '../../src/schema/api';
import { fieldError } from '../../src/schema/api';
import { hasUnsafeText, unsafeTextErrors } from '../../src/schema/validation';
import { validationFailed } from './errors';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const errorsIn = (value: unknown): FieldError[] => {
  if (isRecord(value)) return unsafeTextErrors(value);
  return hasUnsafeText(value) ? [fieldError('_', 'invalid_format')] : [];
};

/** A preValidation hook: 400 with one `invalid_format` error per parameter holding unsafe text. */
export const refuseUnsafeText = async (request: FastifyRequest): Promise<void> => {
  const errors = [...errorsIn(request.params), ...errorsIn(request.query), ...errorsIn(request.body)];
  if (!errors.length) return;
  const seen = new Set<string>();
  throw validationFailed(errors.filter((e) => !seen.has(e.field) && seen.add(e.field)));
};
