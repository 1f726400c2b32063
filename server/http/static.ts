/**
 * Serves the built admin (STATIC_DIR) at `/` and owns the not-found answer for everything:
 * unknown `/api/...` stays a JSON 404 envelope, while any other GET that accepts HTML and is not
 * a file gets index.html, so the admin's history-API routes (`/ums/admin`) survive a reload.
 * Files go out brotli or gzip compressed when the build wrote `.br`/`.gz` beside them
 * (scripts/precompress.ts) and the client accepts it; source maps only with SERVE_SOURCE_MAPS.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { notFound } from './errors';

/**
 * Hashed build output never changes under the same name; index.html must always be revalidated.
 * The answer depends on Accept-Encoding (precompressed variants), so caches must key on it.
 */
const setFileHeaders = (res: { setHeader: (name: string, value: string) => unknown }, path: string): void => {
  if (/[\\/]assets[\\/]/.test(path)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
  else res.setHeader('cache-control', 'no-cache');
  res.setHeader('vary', 'Accept-Encoding');
};

/** A last path segment with an extension names a file, never an admin route: no index.html for it. */
const namesFile = (url: string): boolean => /\.[A-Za-z0-9]+$/.test(url.split(/[?#]/)[0] ?? '');

const isApiPath = (url: string, prefix: string): boolean => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`);

const acceptsHtml = (request: FastifyRequest): boolean => (request.headers.accept ?? '').includes('text/html');

export const registerStatic = (app: FastifyInstance, config: Pick<Config, 'staticDir' | 'apiPrefix' | 'serveSourceMaps'>): void => {
  const hasDir = existsSync(config.staticDir);
  if (hasDir) {
    app.register(fastifyStatic, {
      root: config.staticDir,
      prefix: '/',
      cacheControl: false,
      setHeaders: setFileHeaders,
      preCompressed: true,
      // The maps stay on disk for bench/size.ts; they show our source to anyone, so only on request.
      allowedPath: (pathName) => config.serveSourceMaps || !pathName.endsWith('.map'),
      // Dotfiles (.env, .git) are never served, even if someone copies them into dist/.
      dotfiles: 'deny',
      index: ['index.html'],
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    if (isApiPath(url, config.apiPrefix)) throw notFound('route_not_found');
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isRead && hasDir && acceptsHtml(request) && !namesFile(url) && existsSync(join(config.staticDir, 'index.html'))) {
      return reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    }
    throw notFound();
  });
};
