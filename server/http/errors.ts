/**
 * Errors that carry their own HTTP answer. Route code throws them; the one error handler
 * (./error-handler.ts) turns them into envelopes. The envelope `code` follows `mall`'s numbering
 * (401, 403, 404 = request rejected / validation, 500 = failed); the HTTP status tells the truth.
 */
import type { FieldError, MessageKey } from '../../src/schema/api';
import { fieldError, ResultCode } from '../../src/schema/api';
import type { ConstraintViolation, ViolationKind } from '../db/errors';
import type { MessageParams } from './envelope';
import { formatMessage } from './envelope';

export type HttpProblem = {
  status: number;
  code: number;
  messageKey: MessageKey;
  params?: MessageParams;
  errors?: FieldError[];
  data?: unknown;
  headers?: Record<string, string>;
};

export type HttpError = Error & { problem: HttpProblem };

/** Envelope code for an HTTP status when the error does not choose one. */
export const codeForStatus = (status: number): number => {
  if (status === 401) return ResultCode.unauthorized;
  if (status === 403) return ResultCode.forbidden;
  if (status >= 400 && status < 500) return ResultCode.validateFailed;
  return ResultCode.failed;
};

export const httpError = (problem: Omit<HttpProblem, 'code'> & { code?: number }): HttpError =>
  Object.assign(new Error(formatMessage(problem.messageKey, problem.params)), {
    problem: { ...problem, code: problem.code ?? codeForStatus(problem.status) },
  });

export const isHttpError = (error: unknown): error is HttpError =>
  error instanceof Error && typeof (error as Partial<HttpError>).problem === 'object';

export const validationFailed = (errors: FieldError[]): HttpError =>
  httpError({ status: 400, messageKey: 'validation_failed', errors });

/**
 * A rule on one field that a schema cannot check (an invite code that matches nobody, a wrong old
 * password): a validation failure whose top-level key names the problem, for clients that show
 * only one message, plus the field error for forms.
 */
export const fieldInvalid = (field: string, messageKey: MessageKey, params?: MessageParams): HttpError =>
  httpError({
    status: 400, messageKey, params,
    errors: [fieldError(field, messageKey, params)],
  });

/** 401 (code 401, as `mall`); `account_disabled` says why a genuine token no longer opens anything. */
export const unauthorized = (messageKey: 'unauthorized' | 'account_disabled' = 'unauthorized'): HttpError =>
  httpError({ status: 401, messageKey });

export const forbidden = (messageKey: MessageKey = 'forbidden'): HttpError => httpError({ status: 403, messageKey });

export const notFound = (messageKey: MessageKey = 'not_found'): HttpError => httpError({ status: 404, messageKey });

/** A unique value already in use; envelope code 500 as `mall` answers duplicates. */
export const conflict = (field: string, messageKey: MessageKey): HttpError =>
  httpError({
    status: 409, code: ResultCode.failed, messageKey,
    errors: [fieldError(field, messageKey)],
  });

/**
 * A delete the record's state refuses (children, members, uses): 409 with a key that says what
 * blocks it, so the admin can tell the user what to do first rather than "validation failed".
 */
export const deleteRefused = (messageKey: MessageKey): HttpError =>
  httpError({ status: 409, code: ResultCode.failed, messageKey });

export const tooManyAttempts = (retryAfterSeconds: number): HttpError =>
  httpError({
    status: 429, messageKey: 'too_many_attempts', params: { seconds: retryAfterSeconds },
    data: { retryAfter: retryAfterSeconds }, headers: { 'retry-after': String(retryAfterSeconds) },
  });

const VIOLATION_KEYS: Record<ViolationKind, MessageKey> = {
  unique: 'not_unique', notNull: 'required', check: 'invalid_value', foreignKey: 'invalid_reference', badValue: 'invalid_format',
};

/** camelCase field of a snake_case column, the engine's naming rule (src/schema/engine/entity.ts, columnOf). */
const fieldOfColumn = (column: string): string => column.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/**
 * A broken database constraint as the client's field error: a clash is 409 `not_unique` (as the
 * engine's own check answers), anything else a 400 naming the field. For a composite unique index
 * the field is its last column (the tenant column comes first). `fieldOf` maps a column to the
 * declared field where the caller knows the entity.
 */
export const constraintFailed = (violation: ConstraintViolation, fieldOf: (column: string) => string | undefined = () => undefined): HttpError => {
  const column = violation.columns[violation.columns.length - 1];
  const field = column === undefined ? '_' : fieldOf(column) ?? fieldOfColumn(column);
  const messageKey = VIOLATION_KEYS[violation.kind];
  return violation.kind === 'unique' ? conflict(field, messageKey) : validationFailed([fieldError(field, messageKey)]);
};

/** A rate limit other than sign-in (registrations per address, uploads per account). */
export const tooManyRequests = (retryAfterSeconds: number): HttpError =>
  httpError({
    status: 429, messageKey: 'too_many_requests', params: { seconds: retryAfterSeconds },
    data: { retryAfter: retryAfterSeconds }, headers: { 'retry-after': String(retryAfterSeconds) },
  });
