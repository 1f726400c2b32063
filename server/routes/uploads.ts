/**
 * `POST /minio/upload` (mall's path and answer `{url, name}`): one jpg or png image, checked by
 * its bytes (not its name or declared type), up to UPLOAD_RULES.maxBytes, stored under
 * `${DATA_DIR}/uploads` and served at `/uploads/...` with headers that never let it run as a page.
 * Unlike mall, the route needs a signed-in caller, and every upload is recorded (the storage
 * quota counts the recorded sizes).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { UPLOAD_RULES } from '../../src/schema/rules';
import { requireAuth } from '../auth/guard';
import type { CapacityArea } from '../capacity/registry';
import { guardCreate, UPLOAD_TARGET } from '../capacity/registry';
import type { Config } from '../config';
import { audit } from '../db/audit';
import type { Database } from '../db/schema';
import { toDbTime } from '../db/time';
import { ok } from '../http/envelope';
import { fieldInvalid, httpError } from '../http/errors';

export const UPLOADS_URL_PREFIX = '/uploads/';

/** The image type from the first bytes, or null: only JPEG and PNG are accepted. */
export const sniffImage = (bytes: Buffer): { mime: 'image/jpeg' | 'image/png'; ext: 'jpg' | 'png' } | null => {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { mime: 'image/jpeg', ext: 'jpg' };
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((b, i) => bytes[i] === b)) return { mime: 'image/png', ext: 'png' };
  return null;
};

const uploadsDir = (config: Pick<Config, 'dataDir'>): string => join(config.dataDir, 'uploads');

/** Serves stored uploads (register on the root app, outside the API prefix). */
export const registerUploadFiles = (app: FastifyInstance, config: Pick<Config, 'dataDir'>): void => {
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
    },
  });
};

export type UploadRouteDeps = {
  db: Kysely<Database>;
  config: Pick<Config, 'dataDir'>;
  /** Capacity areas: the storage quota is checked in the upload's transaction. */
  capacity?: readonly CapacityArea[];
};

export const registerUploadRoutes = (api: FastifyInstance, deps: UploadRouteDeps): void => {
  const maxMb = UPLOAD_RULES.maxBytes / 1024 / 1024;
  api.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: UPLOAD_RULES.maxBytes, files: 1, fields: 5, parts: 6 } });
    scope.post('/minio/upload', { config: { openapi: {
      summary: `Upload one jpg or png image (multipart part \`file\`, up to ${maxMb} MB); answers {url, name}`, tags: ['minio'], query: null,
      body: { type: 'object', properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } }, required: ['file'] },
      contentType: 'multipart/form-data',
    } } }, async (request) => {
      const auth = requireAuth(request);
      if (!request.isMultipart()) throw fieldInvalid('file', 'file_required');
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
      const originalName = (file.filename || name).slice(0, 255);
      try {
        await deps.db.transaction().execute(async (trx) => {
          // In the transaction that records the file, so two uploads cannot both slip under the quota.
          await guardCreate(trx, deps.capacity ?? [], UPLOAD_TARGET, auth.adminId, {}, bytes.length / (1024 * 1024));
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
      return ok({ url, name: originalName });
    });
  });
};
