import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { DEMO_LINKED_CODES } from '@ov/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/test-app';

// A build as apps/web/vite.config.ts leaves it: text files with a .br and a .gz copy beside them.
const webDist = mkdtempSync(path.join(tmpdir(), 'ov-dist-'));
mkdirSync(path.join(webDist, 'assets'));
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{id:${i},label:"fila ${i}"}`).join(',')}];\n`;
const html = `<!doctype html><title>Oficina Virtual</title>${'<meta name="x" content="relleno">'.repeat(60)}<div id="root"></div>`;
for (const [file, text] of [
  ['assets/app-abc123.js', script],
  ['index.html', html],
] as const) {
  writeFileSync(path.join(webDist, file), text);
  writeFileSync(path.join(webDist, `${file}.br`), brotliCompressSync(text));
  writeFileSync(path.join(webDist, `${file}.gz`), gzipSync(text));
}
// An image the build leaves alone (already compressed).
writeFileSync(path.join(webDist, 'assets', 'logo-abc123.png'), Buffer.alloc(2048, 7));

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST: webDist } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const get = (url: string, encoding?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...(encoding ? { 'accept-encoding': encoding } : {}), ...headers },
  });

describe('the web app files', () => {
  it('sends the brotli copy to a browser that accepts it, with Vary and the year-long cache', async () => {
    const res = await get('/oficina_virtual/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    expect(res.rawPayload.length).toBeLessThan(script.length / 4);
  });

  it('sends the gzip copy when brotli is not accepted, and the plain file when nothing is', async () => {
    const gz = await get('/oficina_virtual/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    for (const encoding of [undefined, 'identity']) {
      const plain = await get('/oficina_virtual/assets/app-abc123.js', encoding);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('compresses index.html for deep links too, kept fresh with no-cache', async () => {
    const res = await get('/oficina_virtual/client-codes', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(html);
    // The page itself keeps the whole policy.
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('sends a file without a compressed copy as it is', async () => {
    const res = await get('/oficina_virtual/assets/logo-abc123.png', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBe(2048);
  });

  it('gives assets only the headers a subresource needs', async () => {
    const res = await get('/oficina_virtual/assets/app-abc123.js', 'br');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'referrer-policy',
      'origin-agent-cluster',
      // Never revalidated (immutable), never fetched in ranges: no validators, no request id.
      'etag',
      'last-modified',
      'accept-ranges',
      'x-request-id',
    ])
      expect(res.headers[name]).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps the validators on what the browser revalidates (the page)', async () => {
    const page = await get('/oficina_virtual/', 'br');
    expect(page.headers.etag).toBeTruthy();
    const again = await get('/oficina_virtual/', 'br', { 'if-none-match': String(page.headers.etag) });
    expect(again.statusCode).toBe(304);
  });
});

describe('API responses', () => {
  const searchUsers = async (encoding?: string) => {
    const { authorization } = await t.login();
    return t.app.inject({
      method: 'POST',
      url: '/api/users/search',
      headers: { authorization, ...(encoding ? { 'accept-encoding': encoding } : {}) },
      payload: { page: 1, size: 50 },
    });
  };

  it('compresses a large JSON answer, keeping x-total-count', async () => {
    const plain = await searchUsers();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const users = plain.json();

    const br = await searchUsers('br, gzip');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['x-total-count']).toBe(plain.headers['x-total-count']);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(users);

    const gz = await searchUsers('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(users);
  });

  it('leaves a small answer uncompressed', async () => {
    const res = await get('/api/health', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('sends PDFs as they are', async () => {
    const { authorization } = await t.login('jose.fernandez@example.cu', DEMO_PASSWORD);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/ahab-requests/contract/${DEMO_LINKED_CODES[2].cc}.pdf`,
      headers: { authorization, 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('streams live notifications uncompressed, event by event', async () => {
    const { authorization } = await t.login('maria.perez@example.cu', DEMO_PASSWORD);
    const token = authorization.replace('Bearer ', '');
    const first = await new Promise<{ encoding?: string; type?: string; chunk: string }>(
      (resolve, reject) => {
        const req = request(
          `${base}/api/notifications/stream?access_token=${token}`,
          { headers: { 'accept-encoding': 'br, gzip' } },
          (res) => {
            res.once('data', (chunk: Buffer) => {
              resolve({
                encoding: res.headers['content-encoding'],
                type: res.headers['content-type'],
                chunk: chunk.toString(),
              });
              req.destroy();
            });
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
    expect(first.type).toContain('text/event-stream');
    expect(first.encoding).toBeUndefined();
    expect(first.chunk).toMatch(/event: |: /);
  });
});
