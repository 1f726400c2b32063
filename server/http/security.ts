/**
 * Security headers (helmet). The CSP allows exactly what the built admin needs: its own scripts
 * and styles, inline styles (emotion injects <style> tags at run time), images from itself,
 * data: and blob: URLs (upload previews), and API calls to its own origin.
 *
 * The headers are worked out once by helmet itself and set on every answer by one hook:
 * @fastify/helmet rebuilt helmet's middleware (parsing the CSP directives again) on every
 * request, about 4 % of a list request's server CPU, for headers that never change here (no
 * nonces). Set on the raw response at onRequest, as helmet does, so a route may still replace one
 * (uploads send their own sandboxing CSP).
 *
 * The one inline script allowed is one the build put into the admin's index.html (the sign-in
 * form's first draw, so /login is drawn from the page itself): each is named by its SHA-256 in
 * `script-src`, read from the served index.html when the app is built, so nothing injected into a
 * page can run, and a rebuilt page with another script is refused until the server restarts.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { HelmetOptions } from 'helmet';
import helmet from 'helmet';
import { inlineBodies } from './inline-code';

/** The inline scripts' hashes of the index.html served from `staticDir` (none when there is no build). */
const servedInlineScripts = (staticDir: string | undefined): string[] => {
  const file = staticDir ? join(staticDir, 'index.html') : '';
  if (!file || !existsSync(file)) return [];
  return inlineBodies(readFileSync(file, 'utf8'), 'script').map((body) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
};

const helmetOptions = (inlineScripts: readonly string[]): HelmetOptions => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...inlineScripts],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      scriptSrcAttr: ["'none'"],
    },
  },
  // Same-origin only; the admin embeds nothing from other origins.
  crossOriginEmbedderPolicy: false,
  // Matches frame-ancestors 'none' for browsers that only read X-Frame-Options.
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
});

/** What helmet's middleware does to a response with these options: headers set and removed. */
const securityHeaders = (options: HelmetOptions): { set: [string, string][]; removed: string[] } => {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const response = {
    setHeader: (name: string, value: unknown) => { set.push([name.toLowerCase(), String(value)]); },
    removeHeader: (name: string) => { removed.push(name.toLowerCase()); },
  };
  let finished = false;
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  // Every middleware of helmet 8 is synchronous; a future asynchronous one must not go unnoticed.
  if (!finished) throw new Error('helmet did not finish synchronously: its headers cannot be worked out once');
  return { set, removed };
};

export const registerSecurityHeaders = (app: FastifyInstance, staticDir?: string): void => {
  const { set, removed } = securityHeaders(helmetOptions(servedInlineScripts(staticDir)));
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    for (const name of removed) raw.removeHeader(name);
    for (const [name, value] of set) raw.setHeader(name, value);
    done();
  });
};
