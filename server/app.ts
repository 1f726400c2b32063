/**
 * buildApp(config) -> a ready-to-listen Fastify instance (tests drive it with app.inject).
 * Order matters: security headers and body parsers first, then the one error handler, then the
 * API scope (auth hook + routes) under API_PREFIX, then the built admin and the not-found answer.
 */
import cors from '@fastify/cors';
import Fastify, { LogController } from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { registerAuthGuard } from './auth/guard';
import { createScopeOf } from './auth/scope';
import { capacityGuard, defaultQuotasOf } from './areas/capacity/registry';
import type { Config } from './config';
import { secretsKeyOf } from './config';
import { trustUploadOrigin } from './crud/rich-text';
import { hashPassword } from './auth/password';
import { createSecrets } from './crud/secrets';
import { createDb } from './db/index';
import type { Database } from './db/schema';
import { registerBodyParsers } from './http/body-shape';
import { createErrorHandler } from './http/error-handler';
import { genReqId, loggerOptions, registerRequestLog } from './http/logging';
import { registerSecurityHeaders } from './http/security';
import type { ReadGate } from './http/read-gate';
import { createReadGate } from './http/read-gate';
import { registerStatic } from './http/static';
import { registerHealthRoutes } from './http/health';
import { refuseUnsafeText } from './http/unsafe-text';
import { AREAS, collectHooks, QUOTA_METERS, REFERENCE_TARGETS } from './areas/index';
import type { ServerArea } from './areas/area';
import type { Entity } from '../src/schema/engine/entity';
import type { EntityName } from '../src/schema/entities';
import { entityList } from '../src/schema/entities';
import type { Repository } from './crud/repository';
import { registerEntityRoutes } from './crud/routes';
import { registerPublicUrls } from './http/public-urls';
import { buildOpenApiDocument, collectRoutes } from './openapi/document';
import { registerApiDocs } from './openapi/plugin';
import type { DemoInbox } from './jobs/demo-mail';
import { demoMailRoutes } from './jobs/demo-mail';
import './auth/context';
import { callerTimeZone } from './areas/shop/time-zone';

export type BuildOptions = {
  /** A database opened (and migrated) by the caller, who also closes it. Otherwise one is opened here and closed with the app. */
  db?: Kysely<Database>;
  /** Where the log goes instead of stdout (tests read what was logged). */
  logStream?: NodeJS.WritableStream;
  /** Entities and areas beyond the registered ones (tests plug fixture entities in as an area would). */
  entities?: readonly Entity[];
  areas?: readonly ServerArea[];
  /** The demo's inbox (server/jobs/demo-mail.ts), shown at `/demo-mail`. */
  demoInbox?: DemoInbox;
  /** The read gate, when the caller guards other servers of the process with it too (the benches' floor); else one of `readConcurrency`. */
  readGate?: ReadGate;
};

export const buildApp = (config: Config, options: BuildOptions = {}): FastifyInstance => {
  const db = options.db ?? createDb(config);
  // Rich text keeps images of our own uploads, also when they are answered under PUBLIC_URL.
  trustUploadOrigin(config.publicUrl);
  const ownsDb = !options.db;
  const errorHandler = createErrorHandler(config);

  const app = Fastify({
    logger: options.logStream ? { ...loggerOptions(config) as object, stream: options.logStream } : loggerOptions(config),
    genReqId,
    // One line per request, written by registerRequestLog below (not Fastify's two).
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    bodyLimit: config.bodyLimitBytes,
    // A hop count becomes the equivalent function (Fastify's types take no number).
    trustProxy: typeof config.trustProxy === 'number'
      ? ((hops: number) => (_address: string, hop: number) => hop < hops)(config.trustProxy)
      : config.trustProxy,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // The router's own refusals (a path segment over maxParamLength, a bad %-escape) go through the
    // one error handler too, so they are envelopes like every other error, not Fastify's bare JSON.
    frameworkErrors: errorHandler,
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerRequestLog(app, config.apiPrefix);
  // Writes never wait behind a crowd of reads (server/http/read-gate.ts): the admin's API and the shop fronts.
  (options.readGate ?? createReadGate(config.readConcurrency)).register(app, [`${config.apiPrefix}/`, '/portal/']);

  registerSecurityHeaders(app, config.staticDir);
  // Pages of CORS_ORIGINS (a `mall` front end, a shop site) may call the API and read uploads;
  // any other origin gets no CORS headers at all, so the browser keeps it out. No cookies are
  // involved (tokens travel in Authorization), so credentials stay off.
  if (config.corsOrigins.length) {
    app.register(cors, {
      origin: config.corsOrigins, methods: ['GET', 'POST'], allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-Id', 'source-client'],
      exposedHeaders: ['Retry-After', 'X-Request-Id'], maxAge: 600, strictPreflight: true,
    });
  }
  registerBodyParsers(app, { bodyLimit: config.bodyLimitBytes });
  // JSON and form bodies only: a text/plain body is a client mistake (415), not a string to validate.
  app.removeContentTypeParser('text/plain');

  app.setErrorHandler(errorHandler);

  const areas = [...AREAS, ...(options.areas ?? [])];
  const entities = [...entityList, ...(options.entities ?? [])];
  const hooks = collectHooks(areas, { config });
  const collected = collectRoutes(config.apiPrefix);
  // The caller's shop scope, read once per request from the database (server/auth/scope.ts).
  const scopeOf = createScopeOf(db);
  // Secret fields are encrypted with the key of the settings (or the data folder); passwords hashed as at sign-in.
  const secrets = createSecrets(secretsKeyOf(config), hashPassword);
  const defaultQuotas = defaultQuotasOf(config);
  // Filled by the engine below, before any request: areas' routes reach an entity's repository through it.
  let repositories = new Map<string, Repository>();
  const repositoryOf = (name: EntityName): Repository => {
    const repository = repositories.get(name);
    if (!repository) throw new Error(`No repository for ${name}`);
    return repository;
  };
  const areaDeps = { db, config, scopeOf, meters: QUOTA_METERS, defaultQuotas, secrets, repositoryOf };
  app.register(async (api) => {
    api.addHook('onRoute', collected.onRoute);
    registerAuthGuard(api, { db, config });
    api.addHook('preValidation', refuseUnsafeText);
    // Upload paths in answers (demo images included) as absolute URLs under PUBLIC_URL, when set.
    registerPublicUrls(api, config.publicUrl);
    registerHealthRoutes(api, { db });
    repositories = registerEntityRoutes(api, {
      db, entities, targets: REFERENCE_TARGETS, hooks, scopeOf, beforeCreate: capacityGuard(QUOTA_METERS, defaultQuotas), secrets,
      defaultShopId: config.defaultShopId,
      // A seller's days are its shop's, staff's the platform's (server/areas/shop/time-zone.ts).
      timeZoneOf: async (request) => callerTimeZone(db, await scopeOf(request)),
      actions: areas.flatMap((area) => area.actions?.(areaDeps) ?? []),
    });
    for (const area of areas) area.routes?.(api, areaDeps);
  }, { prefix: config.apiPrefix });
  // The documentation is public and outside the guard; it lists every route of the scope above.
  // Switched off (API_DOCS=false, the production default) it is simply not there: a 404.
  if (config.apiDocs) {
    app.register(async (docs) => {
      await registerApiDocs(docs, () => buildOpenApiDocument({ apiPrefix: config.apiPrefix, entities, routes: collected.routes }));
    }, { prefix: config.apiPrefix });
  }

  // Areas' routes outside the API (uploaded files, the demo PayPal stand-in, the shop front), in AREAS order.
  for (const area of areas) area.appRoutes?.(app, areaDeps);
  if (options.demoInbox) demoMailRoutes(app, options.demoInbox);
  registerStatic(app, config);

  if (ownsDb) app.addHook('onClose', async () => { await db.destroy(); });
  return app;
};
