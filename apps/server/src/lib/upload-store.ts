import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type * as S3 from '@aws-sdk/client-s3';
import type { Config } from '../config.js';

/**
 * Uploaded files: written once under a key the server makes (never a name from the client), read
 * back by that key. Serving them is the caller's business (as base64 with the type sniffed at
 * upload, never as a file with a guessed content type). On disk under one folder by default, or in
 * an S3-compatible bucket when `UPLOADS_S3_BUCKET` is set (docs/configuration.md).
 */
export interface UploadStore {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
}

function checkKey(key: string): string {
  if (!/^[a-z0-9-]+(\/[a-z0-9.-]+)+$/.test(key) || key.includes('..'))
    throw new Error(`bad upload key ${key}`);
  return key;
}

/** Uploads on disk under `root` (`DATA_DIR/uploads`). */
export function createUploadStore(root: string): UploadStore {
  const fileOf = (key: string) => path.join(root, checkKey(key));
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // `wx`: a key is written once; a second write of it is a bug, not an overwrite.
      await writeFile(file, bytes, { flag: 'wx' });
    },
    get: (key) => readFile(fileOf(key)),
  };
}

export interface S3UploadOptions {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  pathStyle: boolean;
  prefix: string;
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/**
 * Uploads in an S3-compatible bucket, under `prefix`. A key is written once here too: the write
 * is conditional (`If-None-Match: *`), so a second write of a key fails instead of replacing it.
 */
export function createS3UploadStore(options: S3UploadOptions, client?: S3.S3Client): UploadStore {
  // The SDK loads with the first upload, so a deployment on disk never loads it.
  let sdk: Promise<{ s3: S3.S3Client; lib: typeof S3 }> | null = null;
  const connect = () =>
    (sdk ??= import('@aws-sdk/client-s3').then((lib) => ({
      lib,
      s3:
        client ??
        new lib.S3Client({
          region: options.region,
          ...(options.endpoint ? { endpoint: options.endpoint } : {}),
          forcePathStyle: options.pathStyle,
          ...(options.credentials ? { credentials: options.credentials } : {}),
        }),
    })));
  const objectKey = (key: string) => `${options.prefix}${checkKey(key)}`;
  return {
    async put(key, bytes) {
      const Key = objectKey(key);
      const { s3, lib } = await connect();
      await s3.send(
        new lib.PutObjectCommand({
          Bucket: options.bucket,
          Key,
          Body: bytes,
          ContentType: 'application/octet-stream',
          IfNoneMatch: '*',
        }),
      );
    },
    async get(key) {
      const Key = objectKey(key);
      const { s3, lib } = await connect();
      const res = await s3.send(new lib.GetObjectCommand({ Bucket: options.bucket, Key }));
      if (!res.Body) throw new Error(`upload ${key} has no body`);
      return Buffer.from(await res.Body.transformToByteArray());
    },
  };
}

/** The deployment's store: the S3 bucket when one is configured, else `DATA_DIR/uploads`. */
export function uploadStoreFor(config: Config): UploadStore {
  if (!config.UPLOADS_S3_BUCKET) return createUploadStore(path.join(config.DATA_DIR, 'uploads'));
  const id = config.UPLOADS_S3_ACCESS_KEY_ID;
  const secret = config.UPLOADS_S3_SECRET_ACCESS_KEY;
  return createS3UploadStore({
    bucket: config.UPLOADS_S3_BUCKET,
    region: config.UPLOADS_S3_REGION,
    endpoint: config.UPLOADS_S3_ENDPOINT,
    pathStyle: config.UPLOADS_S3_PATH_STYLE,
    prefix: config.UPLOADS_S3_PREFIX,
    credentials: id && secret ? { accessKeyId: id, secretAccessKey: secret } : undefined,
  });
}
