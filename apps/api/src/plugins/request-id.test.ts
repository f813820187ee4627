import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('x-request-id', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: false });
  });
  afterAll(() => t?.close());

  it('keeps a safe id from the load balancer and returns it, on success and on refusal alike', async () => {
    const ok = await t.app.inject({
      url: '/api/health/ready',
      headers: { 'x-request-id': 'nginx-7f3a.01:2' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['x-request-id']).toBe('nginx-7f3a.01:2');
    const refused = await t.app.inject({ url: '/api/users/me', headers: { 'x-request-id': 'abc-123' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-request-id']).toBe('abc-123');
  });

  it('replaces a missing, long or unsafe id with a new UUID', async () => {
    for (const given of [undefined, 'x'.repeat(65), 'two words', 'a"b', 'line\u2028break']) {
      const res = await t.app.inject({
        url: '/api/health',
        headers: given === undefined ? {} : { 'x-request-id': given },
      });
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
    const a = await t.app.inject({ url: '/api/health' });
    const b = await t.app.inject({ url: '/api/health' });
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});
