/**
 * Serves the built admin (STATIC_DIR) at `/` and owns the not-found answer for everything:
 * unknown `/api/...` stays a JSON 404 envelope, while any other GET that accepts HTML and is not
 * a file gets index.html, so the admin's history-API routes (`/ums/admin`) survive a reload.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { notFound } from './errors';

/** Hashed build output never changes under the same name; index.html must always be revalidated. */
const setCacheHeaders = (res: { setHeader: (name: string, value: string) => unknown }, path: string): void => {
  if (/[\\/]assets[\\/]/.test(path)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
  else res.setHeader('cache-control', 'no-cache');
};

const isApiPath = (url: string, prefix: string): boolean => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`);

const acceptsHtml = (request: FastifyRequest): boolean => (request.headers.accept ?? '').includes('text/html');

export const registerStatic = (app: FastifyInstance, config: Pick<Config, 'staticDir' | 'apiPrefix'>): void => {
  const hasDir = existsSync(config.staticDir);
  if (hasDir) {
    app.register(fastifyStatic, {
      root: config.staticDir,
      prefix: '/',
      cacheControl: false,
      setHeaders: setCacheHeaders,
      // Dotfiles (.env, .git) are never served, even if someone copies them into dist/.
      dotfiles: 'deny',
      index: ['index.html'],
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    if (isApiPath(url, config.apiPrefix)) throw notFound('route_not_found');
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isRead && hasDir && acceptsHtml(request) && existsSync(join(config.staticDir, 'index.html'))) {
      return reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    }
    throw notFound();
  });
};
