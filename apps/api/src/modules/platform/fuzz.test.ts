import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let authorization: string;
beforeAll(async () => {
  t = await createTestApp();
  authorization = (await t.login()).authorization;
});
afterAll(() => t.close());

const BODIES: { label: string; payload: string }[] = [
  { label: 'malformed JSON', payload: '{"a": ' },
  { label: 'an array', payload: '[1, 2, 3]' },
  { label: 'a bare string', payload: '"hola"' },
  {
    label: 'wrong types everywhere',
    payload: JSON.stringify({ page: 'x', size: -1, cc: 12, ids: 'a', email: {} }),
  },
  {
    label: 'deep nulls',
    payload: JSON.stringify({ filters: [null], sort: { x: 'up' }, to: [{ _id: null }] }),
  },
];

const PARAMS = ['x', '00000000-0000-0000-0000-000000000000', "1' or '1'='1", '%E0%A4%A'];

/** Callbacks from the gateways answer in the gateway's own protocol, not in our catalogue. */
function speaksGatewayProtocol(url: string) {
  return /^\/api\/payments\/(transfermovil|enzona)\//.test(url);
}

function fill(url: string, value: string) {
  return url.replace(/:[A-Za-z_]+/g, value).replace(/\*$/, '');
}

describe('no route answers 500 to what a client can send', () => {
  it('every /api route survives malformed bodies and odd path parameters, signed in as the super-admin', async () => {
    const routes = t.app.routeAccess.filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && !r.url.includes('/stream'),
    );
    expect(routes.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const route of routes) {
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter(
        (m) => m !== 'HEAD',
      );
      for (const method of methods) {
        for (const param of PARAMS) {
          const url = fill(route.url, param);
          const bodies = method === 'GET' || method === 'DELETE' ? [undefined] : BODIES;
          for (const body of bodies) {
            const res = await t.app.inject({
              method: method as 'GET',
              url,
              headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
              ...(body ? { payload: body.payload } : {}),
            });
            if (res.statusCode >= 500)
              failures.push(`${method} ${url} (${body?.label ?? 'no body'}) → ${res.statusCode}`);
            else if (res.statusCode >= 400 && !speaksGatewayProtocol(route.url)) {
              const json = res.json();
              if (typeof json.name !== 'string' || typeof json.reference !== 'number') {
                failures.push(
                  `${method} ${url} (${body?.label ?? 'no body'}) → ${res.statusCode} not a catalogue error`,
                );
              }
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
