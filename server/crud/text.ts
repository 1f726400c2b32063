/**
 * NUL characters (U+0000) in text. PostgreSQL text cannot hold them: a query or write carrying one
 * fails with "invalid byte sequence for encoding UTF8" (a 500), while SQLite would store it. No
 * admin field needs one, so they are refused as bad input on both dialects alike.
 */
import type { FieldError } from '../../src/schema/api';
import { formatMessage } from '../http/envelope';

export const hasNul = (value: unknown): boolean => {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNul);
  if (value !== null && typeof value === 'object') return Object.values(value).some(hasNul);
  return false;
};

/** One `invalid_format` error per top-level field holding a NUL anywhere in its value. */
export const nulErrors = (values: Record<string, unknown>): FieldError[] =>
  Object.entries(values).filter(([, value]) => hasNul(value))
    .map(([field]) => ({ field, messageKey: 'invalid_format', message: formatMessage('invalid_format') }));
