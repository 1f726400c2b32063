/**
 * The one place an error becomes an answer. Known problems (ours and Fastify's body/content-type
 * errors) become envelopes with a stable message key; anything else is logged with its stack and
 * answered with a bare 500 envelope, so no internals reach the client. Bad input never yields 5xx.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import type { MessageKey } from '../../src/schema/api';
import { toFieldErrors } from '../../src/schema/validation';
import { failure } from './envelope';
import type { HttpProblem } from './errors';
import { constraintViolation } from '../db/errors';
import { codeForStatus, constraintFailed, isHttpError } from './errors';
import { noteOnRequestLine } from './logging';

/** Fastify's own client-error codes and the message key each answers with. */
const FASTIFY_KEYS: Record<string, MessageKey> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformed_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'malformed_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'validation_failed',
};

const toProblem = (error: unknown): HttpProblem | null => {
  if (isHttpError(error)) return error.problem;
  // The last line: a constraint no check caught (hand-written routes, races) is still a field error.
  const violation = constraintViolation(error);
  if (violation) return constraintFailed(violation).problem;
  if (error instanceof ZodError) return { status: 400, code: codeForStatus(400), messageKey: 'validation_failed', errors: toFieldErrors(error) };
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode;
  const key = fastifyError.code ? FASTIFY_KEYS[fastifyError.code] : undefined;
  // Any other 4xx raised by Fastify or a plugin (bad URL, bad Content-Length, form parser...)
  // is the client's fault: answer it as a rejected request, never as a server failure.
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, code: codeForStatus(status), messageKey: key ?? (status === 404 ? 'not_found' : 'validation_failed') };
  }
  return null;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Answer errors with their real HTTP status even under HTTP_200_ENVELOPES: a payment provider's
     * call back (notify, webhook) takes any 2xx for "received" and would never deliver it again.
     */
    realStatus?: boolean;
  }
}

export const createErrorHandler = (options: { http200Envelopes: boolean }) =>
  (error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const always200 = options.http200Envelopes && request.routeOptions.config?.realStatus !== true;
    const problem = toProblem(error);
    if (!problem) {
      noteOnRequestLine(request, 'error', { err: error }, 'unhandled error');
      return reply
        .code(always200 ? 200 : 500)
        .type('application/json; charset=utf-8')
        .send(failure(500, 'internal'));
    }
    if (problem.status >= 500) noteOnRequestLine(request, 'error', { err: error }, 'server problem');
    // A constraint only the database caught means a check is missing somewhere: worth a look.
    else if (constraintViolation(error)) noteOnRequestLine(request, 'warn', { err: error, status: problem.status }, 'database constraint refused a write');
    // The request's own line (registerRequestLog) says the status; the reason joins it only at debug.
    else noteOnRequestLine(request, 'debug', { status: problem.status, messageKey: problem.messageKey }, 'request rejected');
    for (const [name, value] of Object.entries(problem.headers ?? {})) reply.header(name, value);
    return reply
      .code(always200 ? 200 : problem.status)
      .type('application/json; charset=utf-8')
      .send(failure(problem.code, problem.messageKey, { params: problem.params, errors: problem.errors, data: problem.data }));
  };
