import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

// A build with the list apps/web/build/route-preloads.ts writes beside index.html.
const webDist = mkdtempSync(path.join(tmpdir(), 'ov-dist-'));
const html =
  '<!doctype html><html><head><title>Oficina Virtual</title>' +
  '<script type="module" crossorigin src="/oficina_virtual/assets/index-abc.js"></script>' +
  '</head><body><div id="root"></div></body></html>';
writeFileSync(path.join(webDist, 'index.html'), html);
writeFileSync(
  path.join(webDist, 'route-preloads.json'),
  JSON.stringify({
    routes: [
      { path: '/clientCodes', files: ['assets/signed-in-1.js', 'assets/codes-2.js'] },
      { path: '/clientCodes/:cc', files: ['assets/signed-in-1.js', 'assets/detail-3.js'] },
    ],
  }),
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST: webDist } });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

const preloads = (page: string) =>
  [...page.matchAll(/<link rel="modulepreload" fetchpriority="low" crossorigin href="([^"]+)">/g)].map(
    (m) => m[1],
  );

describe("a signed-in route's page", () => {
  it("names the route's chunks as modulepreloads in the head, the same for everyone (no-cache, no user data)", async () => {
    const res = await get('/oficina_virtual/clientCodes/2300000000001?x=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(preloads(res.body)).toEqual([
      '/oficina_virtual/assets/signed-in-1.js',
      '/oficina_virtual/assets/detail-3.js',
    ]);
    expect(res.body.indexOf('modulepreload')).toBeLessThan(res.body.indexOf('</head>'));
    expect(
      res.body.replace(/\s*<link rel="modulepreload"[^>]*>/g, '').replace(/\s+<\/head>/, '</head>'),
    ).toBe(html);
    // A session changes nothing: the page holds no user data.
    const signedIn = await get('/oficina_virtual/clientCodes/2300000000001', {
      authorization: (await t.login()).authorization,
    });
    expect(signedIn.body).toBe(res.body);
  });

  it('is compressed as the browser accepts, and revalidated with its ETag', async () => {
    const plain = await get('/oficina_virtual/clientCodes');
    expect(preloads(plain.body)).toEqual([
      '/oficina_virtual/assets/signed-in-1.js',
      '/oficina_virtual/assets/codes-2.js',
    ]);
    const br = await get('/oficina_virtual/clientCodes', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get('/oficina_virtual/clientCodes', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers.etag).toBeTruthy();
    const again = await get('/oficina_virtual/clientCodes', { 'if-none-match': String(plain.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('leaves every other page as built', async () => {
    for (const url of [
      '/oficina_virtual/',
      '/oficina_virtual/login',
      '/oficina_virtual/clientCodes/2300000000001/agreement',
      '/oficina_virtual/users',
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(html);
    }
  });
});
