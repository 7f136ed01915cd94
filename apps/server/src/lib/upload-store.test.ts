import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createS3UploadStore, createUploadStore, uploadStoreFor } from './upload-store.js';

/**
 * A small S3-compatible endpoint on loopback (path-style PUT and GET of objects, conditional
 * writes), recording what the SDK sends: enough to check the store speaks the protocol.
 */
function fakeS3() {
  const objects = new Map<string, Buffer>();
  const seen: { method: string; url: string; auth: string; ifNoneMatch: string | undefined }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = decodeURIComponent((req.url ?? '').split('?')[0]!);
      seen.push({
        method: req.method!,
        url,
        auth: String(req.headers.authorization ?? ''),
        ifNoneMatch: req.headers['if-none-match'] as string | undefined,
      });
      const error = (status: number, code: string) => {
        res.writeHead(status, { 'content-type': 'application/xml' });
        res.end(
          `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
        );
      };
      if (req.method === 'PUT') {
        if (req.headers['if-none-match'] === '*' && objects.has(url)) return error(412, 'PreconditionFailed');
        objects.set(url, Buffer.concat(chunks));
        res.writeHead(200, { etag: '"1"' });
        return res.end();
      }
      if (req.method === 'GET') {
        const body = objects.get(url);
        if (!body) return error(404, 'NoSuchKey');
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length });
        return res.end(body);
      }
      error(405, 'MethodNotAllowed');
    });
  });
  return { server, objects, seen };
}

describe('uploads in an S3-compatible bucket', () => {
  const s3 = fakeS3();
  let endpoint = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => s3.server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(s3.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => s3.server.close(() => resolve())));

  const store = () =>
    createS3UploadStore({
      bucket: 'arcadia-uploads',
      region: 'us-east-1',
      endpoint,
      pathStyle: true,
      prefix: 'prod/',
      credentials: { accessKeyId: 'test-key', secretAccessKey: 'test-secret' },
    });

  it('writes a key once, signed, under the prefix, and reads the same bytes back', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
    await store().put('applications/7/abc.png', bytes);
    expect(s3.objects.get('/arcadia-uploads/prod/applications/7/abc.png')).toEqual(bytes);
    const put = s3.seen.find((r) => r.method === 'PUT')!;
    expect(put.auth).toMatch(/^AWS4-HMAC-SHA256 Credential=test-key\//);
    expect(put.ifNoneMatch).toBe('*');
    expect(await store().get('applications/7/abc.png')).toEqual(bytes);
  });

  it('refuses a second write of a key, a missing key and a key it did not make', async () => {
    await store().put('banners/1/x.webp', Buffer.from('one'));
    await expect(store().put('banners/1/x.webp', Buffer.from('two'))).rejects.toThrow();
    expect(s3.objects.get('/arcadia-uploads/prod/banners/1/x.webp')!.toString()).toBe('one');
    await expect(store().get('banners/1/missing.webp')).rejects.toThrow();
    await expect(store().put('../etc/passwd', Buffer.from('x'))).rejects.toThrow('bad upload key');
    await expect(store().get('Banners/1/x.webp')).rejects.toThrow('bad upload key');
  });

  it('is the deployment’s store when a bucket is configured, the data folder otherwise', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'uploads-'));
    try {
      const onDisk = uploadStoreFor(loadConfig({ DATA_DIR: dir }));
      await onDisk.put('logos/1/a.png', Buffer.from('disk'));
      expect((await createUploadStore(path.join(dir, 'uploads')).get('logos/1/a.png')).toString()).toBe(
        'disk',
      );

      const inBucket = uploadStoreFor(
        loadConfig({
          DATA_DIR: dir,
          UPLOADS_S3_BUCKET: 'brand-files',
          UPLOADS_S3_ENDPOINT: endpoint,
          UPLOADS_S3_ACCESS_KEY_ID: 'k',
          UPLOADS_S3_SECRET_ACCESS_KEY: 's',
        }),
      );
      await inBucket.put('logos/1/b.png', Buffer.from('bucket'));
      expect(s3.objects.get('/brand-files/logos/1/b.png')!.toString()).toBe('bucket');
      expect((await inBucket.get('logos/1/b.png')).toString()).toBe('bucket');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('uploads on disk', () => {
  it('writes a key once and reads it back', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'uploads-'));
    try {
      const store = createUploadStore(dir);
      await store.put('applications/1/a.jpg', Buffer.from('jpeg'));
      await expect(store.put('applications/1/a.jpg', Buffer.from('again'))).rejects.toThrow();
      expect((await store.get('applications/1/a.jpg')).toString()).toBe('jpeg');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
