import { mkdtempSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { documentStorage, imageStorage } from '../../modules/files';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createObjectStore, type ObjectStore, type StorageConfig } from './index';
import { createLocalObjectStore } from './local';
import { createPostgresObjectStore } from './postgres';
import { createS3ObjectStore } from './s3';

const ID = '0b7e4c9a-3f1d-4a2b-9c8e-1d2f3a4b5c6d';
const tempDir = () => mkdtempSync(path.join(tmpdir(), 'ov-storage-'));

/** What every store must do: put, get back with its type, overwrite, delete, refuse foreign keys. */
async function behaves(store: ObjectStore) {
  expect(await store.get(`images/${ID}.webp`)).toBeNull();
  await store.put(`images/${ID}.webp`, Buffer.from('first'), 'image/webp');
  await store.put(`images/${ID}.webp`, Buffer.from('second'), 'image/webp');
  const got = await store.get(`images/${ID}.webp`);
  expect(got?.bytes.toString()).toBe('second');
  expect(got?.contentType).toBe('image/webp');
  await store.put(`documents/${ID}.pdf`, Buffer.from('%PDF-1.7'), 'application/pdf');
  expect((await store.get(`documents/${ID}.pdf`))?.contentType).toBe('application/pdf');
  await store.delete(`images/${ID}.webp`);
  expect(await store.get(`images/${ID}.webp`)).toBeNull();
  await store.delete(`images/${ID}.webp`); // deleting twice is fine
  for (const bad of ['../etc/passwd', 'images/../../x', '/abs', 'a//b', 'images/x y', ''])
    await expect(store.put(bad, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Refusing storage key/);
}

describe('object stores', () => {
  it('local folder: keys become nested files; nothing outside the folder', async () => {
    const root = tempDir();
    const store = createLocalObjectStore(root);
    await behaves(store);
    expect(readFileSync(path.join(root, 'documents', `${ID}.pdf`), 'utf8')).toBe('%PDF-1.7');
  });

  describe('PostgreSQL table (PGlite, or the server with DATABASE_URL)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ demo: false });
    });
    afterAll(() => t.close());

    it('stores bytes and type in stored_objects', async () => {
      await behaves(createPostgresObjectStore(t.database.db));
      const bytes = Buffer.from([0, 1, 2, 254, 255, 0]);
      const store = createPostgresObjectStore(t.database.db);
      await store.put(`images/${ID}_thumb.webp`, bytes, 'image/webp');
      expect((await store.get(`images/${ID}_thumb.webp`))?.bytes.equals(bytes)).toBe(true);
    });

    it('is the default; files an earlier version left in DATA_DIR/files are still read', async () => {
      const dataDir = tempDir();
      await mkdir(path.join(dataDir, 'files', 'images'), { recursive: true });
      await writeFile(path.join(dataDir, 'files', 'images', `${ID}.webp`), 'from the folder');
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32) });
      expect(config.STORAGE).toBe('postgres');
      const store = await createObjectStore(config, t.database.db);
      expect(store.kind).toBe('postgres');
      const images = imageStorage(store);
      expect((await images.get(`${ID}.webp`))?.toString()).toBe('from the folder');
      // New files go to the table, not the folder.
      await images.put(`${ID}_thumb.webp`, Buffer.from('thumb'));
      const row = await createPostgresObjectStore(t.database.db).get(`images/${ID}_thumb.webp`);
      expect(row?.bytes.toString()).toBe('thumb');
      // Areas keep their own names: a document name is not an image.
      await expect(images.put(`${ID}.pdf`, Buffer.from('x'))).rejects.toThrow(/Refusing file name/);
      expect(await documentStorage(store).get('../images/x.webp')).toBeNull();
    });
  });

  describe('S3-compatible bucket, against an in-process fake S3 server', () => {
    const objects = new Map<string, { body: Buffer; type: string }>();
    const seen: { method: string; path: string; auth: string }[] = [];
    let server: Server;
    let endpoint = '';
    const body = (req: IncomingMessage) =>
      new Promise<Buffer>((resolve) => {
        const chunks: Buffer[] = [];
        req.on('data', (c) => chunks.push(c));
        req.on('end', () => resolve(Buffer.concat(chunks)));
      });
    beforeAll(async () => {
      server = createServer(async (req, res) => {
        const url = new URL(req.url!, 'http://x');
        const key = decodeURIComponent(url.pathname);
        seen.push({ method: req.method!, path: key, auth: String(req.headers.authorization ?? '') });
        const bytes = await body(req);
        if (req.method === 'PUT') {
          objects.set(key, { body: bytes, type: String(req.headers['content-type']) });
          res.writeHead(200, { etag: '"e"' }).end();
        } else if (req.method === 'GET') {
          const o = objects.get(key);
          if (!o) {
            res
              .writeHead(404, { 'content-type': 'application/xml' })
              .end(
                '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>',
              );
            return;
          }
          res.writeHead(200, { 'content-type': o.type, 'content-length': o.body.length }).end(o.body);
        } else if (req.method === 'DELETE') {
          objects.delete(key);
          res.writeHead(204).end();
        } else res.writeHead(405).end();
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise((r) => server.close(r)));

    const s3Config = (over: Partial<StorageConfig> = {}): StorageConfig => ({
      STORAGE: 's3',
      DATA_DIR: tempDir(),
      S3_BUCKET: 'ov-files',
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: true,
      S3_ACCESS_KEY_ID: 'test-key',
      S3_SECRET_ACCESS_KEY: 'test-secret',
      S3_PREFIX: 'oficina/',
      ...over,
    });

    it('puts, gets and deletes signed objects at bucket/prefix/key with their content type', async () => {
      const store = createS3ObjectStore(s3Config());
      await behaves(store);
      await store.put(`documents/${ID}.pdf`, Buffer.from('%PDF-1.7 contract'), 'application/pdf');
      expect(objects.get(`/ov-files/oficina/documents/${ID}.pdf`)).toMatchObject({
        type: 'application/pdf',
        body: Buffer.from('%PDF-1.7 contract'),
      });
      expect(
        seen.some((r) => r.path === `/ov-files/oficina/images/${ID}.webp` && r.method === 'DELETE'),
      ).toBe(true);
      expect(seen.every((r) => r.auth.startsWith('AWS4-HMAC-SHA256 Credential=test-key/'))).toBe(true);
    });

    it('STORAGE=s3 builds it through the factory (the SDK loaded only then)', async () => {
      const store = await createObjectStore(s3Config({ S3_PREFIX: '' }), null as never);
      expect(store.kind).toBe('s3');
      await imageStorage(store).put(`${ID}.webp`, Buffer.from('avatar'));
      expect(objects.get(`/ov-files/images/${ID}.webp`)?.type).toBe('image/webp');
    });
  });
});

describe('STORAGE configuration', () => {
  const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), DATA_DIR: tmpdir() };
  it('refuses STORAGE=s3 without a bucket, or with half the credentials', () => {
    expect(() => loadConfig({ ...base, STORAGE: 's3' })).toThrow(/S3_BUCKET: required with STORAGE=s3/);
    expect(() => loadConfig({ ...base, STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /give both, or neither/,
    );
    expect(() => loadConfig({ ...base, STORAGE: 'nfs' })).toThrow(/STORAGE/);
    expect(loadConfig({ ...base, STORAGE: 's3', S3_BUCKET: 'b' })).toMatchObject({
      STORAGE: 's3',
      S3_REGION: 'us-east-1',
    });
  });

  it('in production, names the bucket and region before listening', () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://u@db/ov',
      JWT_SECRET: 'x'.repeat(32),
      FACTORS_ENCRYPTION_KEY: 'f'.repeat(32),
      PUBLIC_URL: 'https://oficina.example.cu',
      SMTP_URL: 'smtp://mail:25',
      TRUST_PROXY: '1',
      ADMIN_EMAIL: 'a@example.cu',
      ADMIN_PASSWORD: 'long-enough-pass',
      PAYMENTS_ENABLED: 'false',
    };
    expect(loadConfig(production).STORAGE).toBe('postgres');
    expect(() => loadConfig({ ...production, STORAGE: 's3' })).toThrow(
      /S3_BUCKET: required[\s\S]*S3_REGION: required with STORAGE=s3 in production/,
    );
    expect(
      loadConfig({ ...production, STORAGE: 's3', S3_BUCKET: 'b', S3_REGION: 'eu-west-1' }).S3_REGION,
    ).toBe('eu-west-1');
  });
});
