/**
 * Logger options: pino with request ids, and redaction so credentials never reach the log,
 * whether they travel in headers, bodies or objects logged by hand.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
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

/**
 * One line per answered request instead of Fastify's two ("incoming request" and "request
 * completed"): method, path, status and time at `info` for the API, at `debug` for everything else
 * (the admin's files, index.html), so `npm start` shows what the API did and not every asset the
 * browser fetched. `LOG_LEVEL=debug` shows them all; `warn` and above none. Fastify's own request
 * logging is turned off where the app is built (`disableRequestLogging`).
 */
export const registerRequestLog = (app: FastifyInstance, apiPrefix: string): void => {
  app.addHook('onResponse', async (request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    const isApi = path === apiPrefix || path.startsWith(`${apiPrefix}/`);
    const level = isApi ? 'info' : 'debug';
    request.log[level]({ method: request.method, url: path, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  });
};

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
