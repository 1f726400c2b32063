/**
 * Logger options: pino with request ids, and redaction so credentials never reach the log,
 * whether they travel in headers, bodies or objects logged by hand. In development at a terminal
 * the lines are pino-pretty's (local time, level in colour, the fields indented); production and
 * anything reading the log keep pino's JSON (`LOG_FORMAT`, docs/settings.md).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import PinoPretty from 'pino-pretty';
import type { Config } from '../config';

const SECRET_KEYS = ['password', 'oldPassword', 'newPassword', 'token', 'jwtSecret', 'secret', 'adminPassword', 'authorization', 'cookie'];

const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((k) => `*.${k}`),
  ...SECRET_KEYS.map((k) => `*.*.${k}`),
];

export const loggerOptions = (config: Pick<Config, 'logLevel'> & Partial<Pick<Config, 'logFormat'>>): FastifyServerOptions['logger'] => ({
  level: config.logLevel,
  redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  // Formatted in this thread (sync), not in a transport's worker: no second thread's memory beside the server.
  ...(config.logFormat === 'pretty'
    ? { stream: PinoPretty({ sync: true, colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' }) }
    : {}),
});

type NoteLevel = 'debug' | 'info' | 'warn' | 'error';
const RANK: Readonly<Record<NoteLevel, number>> = { debug: 20, info: 30, warn: 40, error: 50 };
const LEVEL_VALUES: Readonly<Record<string, number>> = { trace: 10, ...RANK, fatal: 60, silent: Infinity };
type Note = { level: NoteLevel; fields: Record<string, unknown>; msg: string };
const NOTES = new WeakMap<FastifyRequest, Note[]>();

/**
 * What a request's handling has to say (a refused permission, a failed sign-in, an error) goes on
 * that request's one line (registerRequestLog) rather than a line of its own: the line takes the
 * note's fields and message (`note`) and the most severe level of its notes, so a warning still
 * shows at `LOG_LEVEL=warn` and an unhandled error keeps its stack.
 */
export const noteOnRequestLine = (request: FastifyRequest, level: NoteLevel, fields: Record<string, unknown>, msg: string): void => {
  const notes = NOTES.get(request);
  if (notes) notes.push({ level, fields, msg });
  else NOTES.set(request, [{ level, fields, msg }]);
};

/** A logger-shaped view of noteOnRequestLine, for code handed a request's log (server/areas/vip/settle.ts). */
export type LineNotes = Readonly<Record<NoteLevel, (fields: Record<string, unknown>, msg: string) => void>>;
export const requestLineNotes = (request: FastifyRequest): LineNotes => ({
  debug: (fields, msg) => noteOnRequestLine(request, 'debug', fields, msg),
  info: (fields, msg) => noteOnRequestLine(request, 'info', fields, msg),
  warn: (fields, msg) => noteOnRequestLine(request, 'warn', fields, msg),
  error: (fields, msg) => noteOnRequestLine(request, 'error', fields, msg),
});

/**
 * One line per answered request instead of Fastify's two ("incoming request" and "request
 * completed"): method, path, status and time at `info` for the API, at `debug` for everything else
 * (the admin's files, index.html, uploaded files), so `npm start` shows what the API did and not
 * every asset the browser fetched, with the request's notes (noteOnRequestLine) on the same line.
 * `LOG_LEVEL=debug` shows them all; `warn` and above only requests with a warning or an error.
 * Fastify's own request logging is turned off where the app is built (`disableRequestLogging`).
 */
export const registerRequestLog = (app: FastifyInstance, apiPrefix: string): void => {
  app.addHook('onResponse', async (request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    const isApi = path === apiPrefix || path.startsWith(`${apiPrefix}/`);
    // A note below the log's level (a refusal's reason at debug) stays out of the line.
    const threshold = LEVEL_VALUES[request.log.level] ?? RANK.info;
    const notes = (NOTES.get(request) ?? []).filter((n) => RANK[n.level] >= threshold);
    const level = notes.reduce<NoteLevel>((worst, n) => (RANK[n.level] > RANK[worst] ? n.level : worst), isApi ? 'info' : 'debug');
    const fields = Object.assign({}, ...notes.map((n) => n.fields)) as Record<string, unknown>;
    const note = notes.length ? { note: notes.map((n) => n.msg).join('; ') } : {};
    request.log[level]({ ...fields, ...note, method: request.method, url: path, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
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
