/**
 * The `mall` envelope `{code, message, data}` every API answer is wrapped in, and the paged
 * `data` shape. Handlers return `ok(...)`; errors are built in ./errors.ts and written by the
 * one error handler.
 */
import type { Envelope, FieldError, MessageKey, Page } from '../../src/schema/api';
import { MESSAGES, ResultCode } from '../../src/schema/api';

/**
 * Field errors an answer lists: a form never shows more, and a body of thousands of bad keys
 * must not get an answer thousands of times its size. `errorCount` tells the total.
 */
export const MAX_FIELD_ERRORS = 20;

export type MessageParams = Record<string, string | number>;

/** The English text of a message key with `{name}` placeholders filled in. */
export const formatMessage = (key: MessageKey, params: MessageParams = {}): string =>
  (MESSAGES[key] as string).replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));

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
