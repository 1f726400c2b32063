/**
 * Logger options: pino with request ids, and redaction so credentials never reach the log,
 * whether they travel in headers, bodies or objects logged by hand.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

const SECRET_KEYS = ['password', 'oldPassword', 'newPassword', 'token', 'jwtSecret', 'secret', 'adminPassword', 'authorization', 'cookie'];

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((k) => `*.${k}`),
  ...SECRET_KEYS.map((k) => `*.*.${k}`),
];

export const loggerOptions = (config: Pick<Config, 'logLevel'>): FastifyServerOptions['logger'] => ({
  level: config.logLevel,
  redact: { paths: REDACT_PATHS, censor: '[redacted]' },
});

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Keeps a caller's `x-request-id` (a proxy's or the browser's) when it looks like an id, so one
 * id follows a request through every log; anything else gets a fresh UUID.
 */
export const genReqId = (req: IncomingMessage): string => {
  const header = req.headers['x-request-id'];
  const value = Array.isArray(header) ? header[0] : header;
  return value && REQUEST_ID.test(value) ? value : randomUUID();
};
