/**
 * Security headers (helmet). The CSP allows exactly what the built admin needs: its own scripts
 * and styles, inline styles (emotion injects <style> tags at run time), images from itself,
 * data: and blob: URLs (upload previews), and API calls to its own origin.
 */
import type { FastifyHelmetOptions } from '@fastify/helmet';

export const helmetOptions: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
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
};
