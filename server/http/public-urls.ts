/**
 * Upload URLs under PUBLIC_URL: with it set, every `/uploads/…` path an API answer carries (an
 * image field, a comma-joined image list such as `albumPics`, the demo's images stored as paths)
 * is answered as an absolute URL under it, so a client served from another origin (a `mall`
 * admin on its own host) can show them. Stored values stay as they are: changing PUBLIC_URL
 * changes every answer, and absolute URLs posted back are kept as sent.
 */
import type { FastifyInstance } from 'fastify';

/** One upload path, or a comma-joined list of them (`/uploads/a.png,/uploads/b.png`). */
const UPLOAD_PATHS = /^\/uploads\/[^\s,]+(,\/uploads\/[^\s,]+)*$/;

/** `value` with every upload path in it made absolute under `base`; other values as they are. */
const withPublicUrls = (value: unknown, base: string): unknown => {
  if (typeof value === 'string') return UPLOAD_PATHS.test(value) ? value.split(',').map((path) => `${base}${path}`).join(',') : value;
  if (Array.isArray(value)) return value.map((item) => withPublicUrls(item, base));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, withPublicUrls(item, base)]));
  }
  return value;
};

/** Rewrites the `data` of every JSON answer of `scope` (the API) when PUBLIC_URL is set; nothing otherwise. */
export const registerPublicUrls = (scope: FastifyInstance, publicUrl: string | null): void => {
  if (!publicUrl) return;
  scope.addHook('preSerialization', async (_request, _reply, payload) => {
    if (payload === null || typeof payload !== 'object' || !('data' in payload)) return payload;
    const envelope = payload as { data: unknown };
    return { ...envelope, data: withPublicUrls(envelope.data, publicUrl) };
  });
};
