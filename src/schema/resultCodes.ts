/**
 * The envelope's result codes: light on purpose, as the login page's entry reads them and must not
 * load the message table (every area's declarations). ./api.ts re-exports them.
 */

/** Envelope result codes, numbered as in `mall` (404 there means "validation failed"). */
export const ResultCode = {
  success: 200,
  failed: 500,
  validateFailed: 404,
  unauthorized: 401,
  forbidden: 403,
} as const;
export type ResultCodeValue = (typeof ResultCode)[keyof typeof ResultCode];
