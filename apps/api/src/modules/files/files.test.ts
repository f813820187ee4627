import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/test-app';
import { REENCODE_CONCURRENCY, reencodeLoad, sniffImage } from './images';

let t: TestApp;
let auth: string;
beforeAll(async () => {
  t = await createTestApp();
  auth = (await t.login('maria.perez@example.cu', DEMO_PASSWORD)).authorization;
});
afterAll(() => t.close());

/** A multipart body with one file field. */
function multipart(filename: string, type: string, bytes: Buffer) {
  const boundary = `----ov${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (filename: string, type: string, bytes: Buffer, authorization: string | undefined = auth) => {
  const body = multipart(filename, type, bytes);
  return t.app.inject({
    method: 'POST',
    url: '/api/files/image',
    payload: body.payload,
    headers: { ...body.headers, ...(authorization ? { authorization } : {}) },
  });
};

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 0, g: 90, b: 170 } } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
    .png()
    .toBuffer();

describe('POST /api/files/image', () => {
  it('re-encodes a PNG to webp (at most 1024 px, metadata dropped) with a 128 px thumbnail', async () => {
    const res = await upload('foto.png', 'image/png', await png(2000, 1500));
    expect(res.statusCode).toBe(201);
    const { image, thumb } = res.json();
    expect(image).toMatch(/^\/api\/files\/images\/[0-9a-f-]{36}\.webp$/);
    expect(thumb).toBe(image.replace('.webp', '_thumb.webp'));

    const got = await t.app.inject({ method: 'GET', url: image });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/webp');
    expect(got.headers['cache-control']).toContain('immutable');
    const meta = await sharp(got.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1024, height: 768 });
    expect(meta.exif).toBeUndefined();
    expect(got.rawPayload.includes(Buffer.from('secret-camera-owner'))).toBe(false);

    const small = await sharp((await t.app.inject({ method: 'GET', url: thumb })).rawPayload).metadata();
    expect(small).toMatchObject({ format: 'webp', width: 128, height: 128 });
  });

  it('accepts JPEG, GIF and WebP by their bytes, whatever the declared type', async () => {
    const base = sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } });
    for (const bytes of [
      await base.clone().jpeg().toBuffer(),
      await base.clone().gif().toBuffer(),
      await base.clone().webp().toBuffer(),
    ]) {
      const res = await upload('x.bin', 'application/octet-stream', bytes);
      expect(res.statusCode).toBe(201);
    }
  });

  it('refuses a text file named .png, a truncated image and an SVG with 472', async () => {
    const text = await upload('foto.png', 'image/png', Buffer.from('this is not an image at all'));
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ name: 'BADREQUESTERROR', reference: 472 });
    const truncated = (await png(50, 50)).subarray(0, 60);
    expect((await upload('foto.png', 'image/png', truncated)).json().reference).toBe(472);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload('x.svg', 'image/svg+xml', svg)).json().reference).toBe(472);
  });

  it('refuses more than 5 MB with 413, a non-multipart body with 415 and anonymous callers with 401', async () => {
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await upload('big.png', 'image/png', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().name).toBe('VALIDATIONERROR');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/files/image',
      payload: { a: 1 },
      headers: { authorization: auth },
    });
    expect(json.statusCode).toBe(415);
    expect((await upload('foto.png', 'image/png', await png(10, 10), '')).statusCode).toBe(401);
    const raw = (payload: string, type: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/files/image',
        payload,
        headers: { authorization: auth, 'content-type': type },
      });
    expect((await raw('abc', 'multipart/form-data')).statusCode).toBe(400); // no boundary
    const cut = '--xx\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc';
    expect((await raw(cut, 'multipart/form-data; boundary=xx')).statusCode).toBe(400); // truncated
    const fieldOnly = '--xx\r\nContent-Disposition: form-data; name="a"\r\n\r\nabc\r\n--xx--\r\n';
    expect((await raw(fieldOnly, 'multipart/form-data; boundary=xx')).json().reference).toBe(472);
  });
});

describe('GET /api/files/images/:name', () => {
  it('answers 404 for unknown names and anything that is not one of ours (no traversal)', async () => {
    for (const url of [
      '/api/files/images/00000000-0000-4000-8000-000000000000.webp',
      '/api/files/images/..%2F..%2Fjwt-secret',
      '/api/files/images/%2E%2E%2Fjwt-secret',
      '/api/files/images/jwt-secret',
      '/api/files/images/../../jwt-secret',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('shared storage', () => {
  it('an image uploaded through one process is served by another on the same database (STORAGE=postgres)', async () => {
    const res = await upload('foto.png', 'image/png', await png(64, 64));
    expect(res.statusCode).toBe(201);
    const { image, thumb } = res.json();
    // A second process: its own data folder, the same database.
    const other = await buildApp({
      config: { ...t.config, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ov-other-')) },
      database: t.database,
      logger: false,
    });
    try {
      for (const url of [image, thumb]) {
        const got = await other.inject({ method: 'GET', url });
        expect(got.statusCode).toBe(200);
        expect(got.headers['content-type']).toBe('image/webp');
        expect((await sharp(got.rawPayload).metadata()).format).toBe('webp');
      }
    } finally {
      await other.close();
    }
  });
});

describe('upload limits', () => {
  it('allows a user 20 uploads in 10 minutes, then 429 with Retry-After for that user only', async () => {
    const school = (await t.login('escuela.marti@example.cu', DEMO_PASSWORD)).authorization;
    const small = await png(64, 64);
    for (let i = 0; i < 20; i++)
      expect((await upload('a.png', 'image/png', small, school)).statusCode).toBe(201);
    const over = await upload('a.png', 'image/png', small, school);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(9 * 60);
    expect((await upload('a.png', 'image/png', small)).statusCode).toBe(201); // another user
  });

  it('re-encodes at most two images at a time; a burst waits its turn or is told to retry', async () => {
    const jose = (await t.login('jose.fernandez@example.cu', DEMO_PASSWORD)).authorization;
    const large = await png(3000, 3000);
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, reencodeLoad().active);
    }, 2);
    const answers = await Promise.all(
      Array.from({ length: 14 }, () => upload('grande.png', 'image/png', large, jose)),
    ).finally(() => clearInterval(sampler));
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(REENCODE_CONCURRENCY);
    const codes = answers.map((a) => a.statusCode);
    expect(codes.every((c) => c === 201 || c === 429)).toBe(true);
    expect(codes.filter((c) => c === 201).length).toBeGreaterThanOrEqual(10);
    for (const a of answers.filter((x) => x.statusCode === 429))
      expect(Number(a.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('sniffImage', () => {
  it('tells formats from magic bytes only', () => {
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImage(Buffer.from('GIF89a....'))).toBe('gif');
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(sniffImage(Buffer.from('<?xml'))).toBeNull();
  });
});
