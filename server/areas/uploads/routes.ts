/**
 * `POST /minio/upload` (mall's path and answer `{url, name}`; `POST /admin/uploadAvatar` for
 * one's own avatar, open to every account): one jpg or png image, checked by
 * its bytes (not its name or declared type), up to UPLOAD_RULES.maxBytes, stored under
 * `${DATA_DIR}/uploads` and served at `/uploads/...` with headers that never let it run as a page.
 * Unlike mall, the route needs a signed-in caller, and every upload is recorded (the storage
 * quota counts the recorded sizes). Each account may upload UPLOAD_MAX_PER_MINUTE files a minute
 * (then 429 with Retry-After) and store what its group (or the default quotas) allows.
 * With PUBLIC_URL set the answer's `url` is absolute, so a page on another origin can show it.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { UPLOAD_RULES } from '../../../src/schema/rules';
import { PROFILE_API } from '../../../src/schema/umsAdmin';
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

const uploadsDir = (config: Pick<Config, 'dataDir'>): string => join(config.dataDir, 'uploads');

/** Serves stored uploads (register on the root app, outside the API prefix). */
export const registerUploadFiles = (app: FastifyInstance, config: Pick<Config, 'dataDir' | 'corsOrigins'>): void => {
  // Pages of the CORS_ORIGINS may show the images (<img> loads are no-cors requests, which
  // Cross-Origin-Resource-Policy governs); without such origins they stay same-origin.
  const resourcePolicy = config.corsOrigins.length ? 'cross-origin' : 'same-origin';
  mkdirSync(uploadsDir(config), { recursive: true });
  app.register(fastifyStatic, {
    root: uploadsDir(config),
    prefix: UPLOADS_URL_PREFIX,
    decorateReply: false,
    dotfiles: 'deny',
    index: false,
    cacheControl: false,
    setHeaders: (res) => {
      res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      res.setHeader('x-content-type-options', 'nosniff');
      res.setHeader('content-security-policy', "default-src 'none'; sandbox");
      res.setHeader('content-disposition', 'inline');
      res.setHeader('cross-origin-resource-policy', resourcePolicy);
    },
  });
};

export type UploadRouteDeps = {
  db: Kysely<Database>;
  config: Pick<Config, 'dataDir' | 'uploadMaxPerMinute' | 'publicUrl'>;
  /** Capacity areas: the storage quota is checked in the upload's transaction. */
  capacity?: readonly QuotaMeter[];
  /** Quotas of an account outside every user group. */
  defaultQuotas?: DefaultQuotas;
};

export const registerUploadRoutes = (api: FastifyInstance, deps: UploadRouteDeps): void => {
  const maxMb = UPLOAD_RULES.maxBytes / 1024 / 1024;
  api.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: UPLOAD_RULES.maxBytes, files: 1, fields: 5, parts: 6 } });
    const body = { type: 'object', properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } }, required: ['file'] };
    const store = async (request: FastifyRequest) => {
      const auth = requireAuth(request);
      if (!request.isMultipart()) throw fieldInvalid('file', 'file_required');
      // Counted before the body is read: a refused upload costs neither disk nor a throttle row.
      const gate = await beginAttempt(deps.db, [{ key: `upload:${auth.adminId}`, max: deps.config.uploadMaxPerMinute, windowSeconds: UPLOAD_WINDOW_SECONDS }]);
      if (!gate.allowed) {
        request.log.warn({ adminId: auth.adminId, retryAfter: gate.retryAfterSeconds }, 'upload refused: rate limit');
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
      const url = `${UPLOADS_URL_PREFIX}${folder}/${name}`;
      const path = join(uploadsDir(deps.config), folder, name);
      await mkdir(join(uploadsDir(deps.config), folder), { recursive: true });
      await writeFile(path, bytes, { flag: 'wx' });
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
        await rm(path, { force: true });
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
