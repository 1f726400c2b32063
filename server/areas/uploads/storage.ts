/**
 * Where uploaded images are kept: the local disk (`${DATA_DIR}/uploads`, the default) or an
 * S3-compatible bucket (S3_BUCKET set). Both are reached only through `UploadStore`, by key
 * (`2026/05/<uuid>.png`, `demo/brand-lotus.png`); the admin always serves the images itself at
 * `/uploads/<key>` (see ./files.ts), so a bucket stays private and never chooses the headers.
 */
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type { Config, S3Settings } from '../../config';

type ImageMime = 'image/jpeg' | 'image/png';

/** One stored object as read back: its bytes as a stream, and its size when the store tells. */
type StoredImage = { readonly body: Readable; readonly size: number | undefined };

type UploadStore = {
  readonly kind: 'disk' | 's3';
  /** Stores a new object; the caller has checked the bytes and picked a fresh key. */
  put: (key: string, bytes: Buffer, mime: ImageMime) => Promise<void>;
  /** The object, or null when there is none under the key. */
  get: (key: string) => Promise<StoredImage | null>;
  /** Removes the object; removing a missing one is no error. */
  remove: (key: string) => Promise<void>;
  /** Releases connections (the S3 client's sockets) when the app closes. */
  close: () => void;
};

/**
 * The keys the admin ever writes: a month folder and a random name with the checked type's
 * extension, or a shipped demo image. Anything else is not looked up at all (no `..`, no
 * dot files, no other types), so a key can never reach outside the store.
 */
const KEY = /^(?:\d{4}\/\d{2}\/[0-9a-f-]{36}|demo\/[A-Za-z0-9_-]{1,100})\.(jpg|png)$/;

/** The content type a key is served with (fixed by the extension chosen from the checked bytes), or null for a key the admin never writes. */
export const mimeOfKey = (key: string): ImageMime | null => {
  const match = KEY.exec(key);
  if (!match) return null;
  return match[1] === 'png' ? 'image/png' : 'image/jpeg';
};

const diskStore = (root: string): UploadStore => ({
  kind: 'disk',
  put: async (key, bytes) => {
    const path = join(root, key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, bytes);
  },
  get: async (key) => {
    const path = join(root, key);
    const info = await stat(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
      throw error;
    });
    return info?.isFile() ? { body: createReadStream(path), size: info.size } : null;
  },
  remove: async (key) => { await rm(join(root, key), { force: true }); },
  close: () => undefined,
});

const isMissing = (error: unknown): boolean => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/**
 * The SDK is loaded with the first S3 call, not at start: it is several MB of code and heap that
 * a server storing uploads on disk (the default) would carry for nothing.
 */
const s3Store = (settings: S3Settings): UploadStore => {
  let sdk: Promise<{ client: S3.S3Client; lib: typeof S3 }> | null = null;
  const connect = () => {
    sdk ??= import('@aws-sdk/client-s3').then((lib) => ({
      lib,
      client: new lib.S3Client({
        region: settings.region,
        ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
        forcePathStyle: settings.forcePathStyle,
        // Without keys the SDK's own chain applies (environment, instance role).
        ...(settings.accessKeyId && settings.secretAccessKey
          ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
          : {}),
      }),
    }));
    return sdk;
  };
  const bucket = settings.bucket;
  return {
    kind: 's3',
    put: async (key, bytes, mime) => {
      const { client, lib } = await connect();
      await client.send(new lib.PutObjectCommand({
        Bucket: bucket, Key: key, Body: bytes, ContentType: mime, ContentLength: bytes.length,
        CacheControl: 'public, max-age=31536000, immutable',
      }));
    },
    get: async (key) => {
      const { client, lib } = await connect();
      try {
        const answer = await client.send(new lib.GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!answer.Body) return null;
        return { body: answer.Body as Readable, size: answer.ContentLength };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    remove: async (key) => {
      const { client, lib } = await connect();
      await client.send(new lib.DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    // Nothing to close before the first call; after it, the client's sockets.
    close: () => { sdk?.then(({ client }) => client.destroy(), () => undefined); },
  };
};

/** Settings without `s3` (tools, old callers) keep the disk store. */
type StoreConfig = Pick<Config, 'dataDir'> & { readonly s3?: S3Settings | null };

const stores = new WeakMap<object, UploadStore>();

/**
 * The store the settings select, one per settings object: the upload routes, the file route and
 * the demo seed of one app share it (and its S3 connections).
 */
export const uploadStoreOf = (config: StoreConfig): UploadStore => {
  let store = stores.get(config);
  if (!store) {
    store = config.s3 ? s3Store(config.s3) : diskStore(join(config.dataDir, 'uploads'));
    stores.set(config, store);
  }
  return store;
};

/** Closes the settings' store (when its app closes); a later use opens a new one. */
export const releaseUploadStore = (config: StoreConfig): void => {
  stores.get(config)?.close();
  stores.delete(config);
};
