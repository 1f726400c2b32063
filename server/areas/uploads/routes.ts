/**
 * `POST /minio/upload` (mall's path and answer `{url, name}`; `POST /admin/uploadAvatar` for
 * one's own avatar, open to every account): one jpg or png image, checked by
 * its bytes (not its name or declared type), up to UPLOAD_RULES.maxBytes, kept in the upload store
 * (`${DATA_DIR}/uploads`, or an S3-compatible bucket: ./storage.ts) and served by this server at
 * `/uploads/...` with headers that never let it run as a page.
 * Unlike mall, the route needs a signed-in caller, and every upload is recorded (the storage
 * quota counts the recorded sizes). Each account may upload UPLOAD_MAX_PER_MINUTE files a minute
 * (then 429 with Retry-After) and store what its group (or the default quotas) allows.
 * With PUBLIC_URL set the answer's `url` is absolute, so a page on another origin can show it.
 */
import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { UPLOAD_RULES } from '../../../src/schema/rules';
import { PROFILE_API } from '../../../src/schema/ums/admin';
import { isUnsafeText } from '../../../src/schema/validation';
import { requireAuth } from '../../auth/guard';
import type { QuotaMeter } from '../capacity/registry';
import type { DefaultQuotas } from '../capacity/registry';
import { guardCreate, UPLOAD_TARGET } from '../capacity/registry';
import { beginAttempt, UPLOAD_WINDOW_SECONDS } from '../../auth/throttle';
import type { Config } from '../../config';
import { audit } from '../../db/audit';
import type { Database } from '../../db/schema';
import { toDbTime } from '../../db/time';
import { ok } from '../../http/envelope';
import { fieldInvalid, httpError, tooManyRequests } from '../../http/errors';
import { mimeOfKey, releaseUploadStore, uploadStoreOf } from './storage';
import { noteOnRequestLine } from '../../http/logging';

export const UPLOADS_URL_PREFIX = '/uploads/';

/** The image type from the first bytes, or null: only JPEG and PNG are accepted. */
export const sniffImage = (bytes: Buffer): { mime: 'image/jpeg' | 'image/png'; ext: 'jpg' | 'png' } | null => {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { mime: 'image/jpeg', ext: 'jpg' };
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((b, i) => bytes[i] === b)) return { mime: 'image/png', ext: 'png' };
  return null;
};

/** A file name as a label: control characters and lone surrogates become `_`. */
const labelOf = (filename: string): string =>
  Array.from(filename, (c) => (c.charCodeAt(0) < 0x20 || c === '\u007f' || isUnsafeText(c) ? '_' : c)).join('');

/**
 * Serves stored uploads (register on the root app, outside the API prefix), from either store.
 * A bucket's objects are proxied rather than redirected to: the image keeps our origin (the
 * admin's CSP allows images from itself only, and CORS_ORIGINS decides who else may show it),
 * the bucket may stay private, and the headers are ours whatever the bucket says: the content
 * type fixed by the extension the checked bytes chose, nosniff, and a sandboxing CSP.
 */
export const registerUploadFiles = (app: FastifyInstance, config: Pick<Config, 'dataDir' | 'corsOrigins' | 's3'>): void => {
  // Pages of the CORS_ORIGINS may show the images (<img> loads are no-cors requests, which
  // Cross-Origin-Resource-Policy governs); without such origins they stay same-origin.
  const resourcePolicy = config.corsOrigins.length ? 'cross-origin' : 'same-origin';
  const store = uploadStoreOf(config);
  app.addHook('onClose', async () => { releaseUploadStore(config); });
  app.get(`${UPLOADS_URL_PREFIX}*`, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const mime = mimeOfKey(key);
    const image = mime ? await store.get(key) : null;
    if (!mime || !image) return reply.callNotFound();
    reply.header('content-type', mime);
    if (image.size !== undefined) reply.header('content-length', image.size);
    // Names are random and never reused, so an image never changes under its URL.
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('content-security-policy', "default-src 'none'; sandbox");
    reply.header('content-disposition', 'inline');
    reply.header('cross-origin-resource-policy', resourcePolicy);
    return reply.send(image.body);
  });
};

export type UploadRouteDeps = {
  db: Kysely<Database>;
  config: Pick<Config, 'dataDir' | 'uploadMaxPerMinute' | 'publicUrl' | 's3'>;
  /** Capacity areas: the storage quota is checked in the upload's transaction. */
  capacity?: readonly QuotaMeter[];
  /** Quotas of an account outside every user group. */
  defaultQuotas?: DefaultQuotas;
};

export const registerUploadRoutes = (api: FastifyInstance, deps: UploadRouteDeps): void => {
  const maxMb = UPLOAD_RULES.maxBytes / 1024 / 1024;
  const files = uploadStoreOf(deps.config);
  api.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: UPLOAD_RULES.maxBytes, files: 1, fields: 5, parts: 6 } });
    const body = { type: 'object', properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } }, required: ['file'] };
    const store = async (request: FastifyRequest) => {
      const auth = requireAuth(request);
      if (!request.isMultipart()) throw fieldInvalid('file', 'file_required');
      // Counted before the body is read: a refused upload costs neither disk nor a throttle row.
      const gate = await beginAttempt(deps.db, [{ key: `upload:${auth.adminId}`, max: deps.config.uploadMaxPerMinute, windowSeconds: UPLOAD_WINDOW_SECONDS }]);
      if (!gate.allowed) {
        noteOnRequestLine(request, 'warn', { adminId: auth.adminId, retryAfter: gate.retryAfterSeconds }, 'upload refused: rate limit');
        throw tooManyRequests(gate.retryAfterSeconds);
      }
      const file = await request.file();
      if (!file) throw fieldInvalid('file', 'file_required');
      const bytes = await file.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw httpError({ status: 413, messageKey: 'file_too_large', params: { maxMb } });
        throw error;
      });
      if (!bytes.length) throw fieldInvalid('file', 'file_required');
      const kind = sniffImage(bytes);
      if (!kind) throw fieldInvalid('file', 'invalid_image');

      const now = new Date();
      const folder = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
      const name = `${randomUUID()}.${kind.ext}`;
      const key = `${folder}/${name}`;
      const url = `${UPLOADS_URL_PREFIX}${key}`;
      await files.put(key, bytes, kind.mime);
      // Only a label: control characters and lone surrogates (which PostgreSQL cannot store, or
      // store changed) become `_` rather than failing an otherwise good upload.
      const originalName = labelOf(file.filename || name).slice(0, 255);
      try {
        await deps.db.transaction().execute(async (trx) => {
          // In the transaction that records the file, so two uploads cannot both slip under the quota.
          await guardCreate(trx, deps.capacity ?? [], UPLOAD_TARGET, auth.adminId, {}, bytes.length / (1024 * 1024), deps.defaultQuotas);
          await trx.insertInto('sys_upload').values({
            admin_id: auth.adminId, url, original_name: originalName, mime_type: kind.mime, size_bytes: bytes.length, create_time: toDbTime(now),
          }).execute();
          await audit(trx, { adminId: auth.adminId, action: 'upload', entity: 'sys_upload', entityId: url, after: { url, size: bytes.length, mime: kind.mime }, ip: request.ip });
        });
      } catch (error) {
        // No row, no file: a failed record must not leave an orphan the quota never counts.
        await files.remove(key).catch((removal: unknown) => noteOnRequestLine(request, 'error', { err: removal, key }, 'upload: could not remove the unrecorded file'));
        throw error;
      }
      return ok({ url: deps.config.publicUrl ? `${deps.config.publicUrl}${url}` : url, name: originalName });
    };
    scope.post('/minio/upload', { config: { openapi: {
      summary: `Upload one jpg or png image (multipart part \`file\`, up to ${maxMb} MB); answers {url, name}`, tags: ['minio'], query: null,
      body, contentType: 'multipart/form-data',
    } } }, store);
    // The same store for one's own avatar: a self-service route (SELF_SERVICE_URLS), so accounts
    // without the upload resource can pick a picture too; quota, rate and audit apply alike.
    scope.post(PROFILE_API.uploadAvatar, { config: { openapi: {
      summary: `Upload one jpg or png image for the caller's own avatar (multipart part \`file\`, up to ${maxMb} MB); answers {url, name}`, tags: ['admin'], query: null,
      body, contentType: 'multipart/form-data',
    } } }, store);
  });
};
