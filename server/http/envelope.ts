/**
 * The `mall` envelope `{code, message, data}` every API answer is wrapped in, and the paged
 * `data` shape. Handlers return `ok(...)`; errors are built in ./errors.ts and written by the
 * one error handler.
 */
import type { Envelope, FieldError, MessageKey, MessageParams, Page } from '../../src/schema/api';
import { formatMessage, MESSAGES, ResultCode } from '../../src/schema/api';

export type { MessageParams };
export { formatMessage };

/**
 * Field errors an answer lists: a form never shows more, and a body of thousands of bad keys
 * must not get an answer thousands of times its size. `errorCount` tells the total.
 */
const MAX_FIELD_ERRORS = 20;


export const ok = <T>(data: T): Envelope<T> => ({ code: ResultCode.success, message: MESSAGES.success, data });

export const failure = (
  code: number,
  messageKey: MessageKey,
  options: { params?: MessageParams; errors?: FieldError[]; data?: unknown } = {},
): Envelope<unknown> => ({
  code,
  message: formatMessage(messageKey, options.params),
  data: options.data ?? null,
  messageKey,
  ...(options.params && Object.keys(options.params).length > 0 ? { params: options.params } : {}),
  ...(options.errors && options.errors.length > 0 ? { errors: options.errors.slice(0, MAX_FIELD_ERRORS) } : {}),
  ...(options.errors && options.errors.length > MAX_FIELD_ERRORS ? { errorCount: options.errors.length } : {}),
});

/** `mall`'s CommonPage: totalPage is ceil(total / pageSize), 0 when there are no rows. */
export const toPage = <T>(list: T[], total: number, pageNum: number, pageSize: number): Page<T> => ({
  pageNum,
  pageSize,
  totalPage: total === 0 ? 0 : Math.ceil(total / pageSize),
  total,
  list,
});
