import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/test-app';
import {
  type JsonSchema,
  LEAK,
  mutate,
  PATH_VALUES,
  QUERY_STRINGS,
  type Rng,
  sample,
  seeded,
} from './fuzz-cases';

/**
 * At least 10,000 malformed requests generated from the OpenAPI document, over every operation, as
 * the super-admin, a customer, nobody and a forged token: no answer may be a 5xx, every refusal is a
 * catalogue error (gateway callbacks answer in their own protocol) and no body leaks a stack trace or
 * SQL. Seeded (FUZZ_SEED) so a failure reproduces; FUZZ_REQUESTS raises the count.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface Operation {
  method: (typeof METHODS)[number];
  path: string;
  body?: JsonSchema;
  query?: JsonSchema[];
}

let t: TestApp;
const tokens: Record<string, string | undefined> = {};
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signIn(who: 'admin' | 'customer') {
  const login = who === 'admin' ? await t.login() : await t.login('maria.perez@example.cu', DEMO_PASSWORD);
  tokens[who] = login.authorization;
}

/** Each operation of the document (not the docs themselves, not the event stream). */
function operationsOf(doc: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (path.startsWith('/api/docs') || path.endsWith('/stream')) continue;
    for (const method of METHODS) {
      const op = item[method] as
        | {
            requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
            parameters?: { in: string; schema?: JsonSchema }[];
          }
        | undefined;
      if (!op) continue;
      ops.push({
        method,
        path,
        body: op.requestBody?.content?.['application/json']?.schema,
        query: op.parameters?.filter((p) => p.in === 'query').map((p) => p.schema ?? {}),
      });
    }
  }
  return ops;
}

const DEEP = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
const RAW_BODIES = ['{"a": ', '[1,2,3]', '"hola"', 'null', DEEP, '{"x":"\\ud800"}', '{"x":"\\u0000"}'];

function requestFor(op: Operation, rng: Rng, resolve: (ref: string) => JsonSchema) {
  const url = op.path.replace(/\{[^}]+\}/g, () =>
    rng() < 0.3
      ? '00000000-0000-4000-8000-000000000000'
      : PATH_VALUES[Math.floor(rng() * PATH_VALUES.length)],
  );
  const query = QUERY_STRINGS[Math.floor(rng() * QUERY_STRINGS.length)];
  const withBody = op.method !== 'get' && op.method !== 'delete';
  let payload: string | undefined;
  if (withBody) {
    const roll = rng();
    if (roll < 0.08) payload = RAW_BODIES[Math.floor(rng() * RAW_BODIES.length)];
    else {
      let value = sample(op.body ?? { type: 'object' }, rng, resolve);
      for (let k = 0, n = 1 + Math.floor(rng() * 3); k < n; k++) value = mutate(value, rng);
      payload = JSON.stringify(value);
    }
  }
  const who = (['admin', 'admin', 'customer', 'nobody', 'forged'] as const)[Math.floor(rng() * 5)];
  return { url: `${url}${query}`, payload, who };
}

const gatewayProtocol = (path: string) => /^\/api\/payments\/(transfermovil|enzona)\//.test(path);

describe('no generated request gets a 5xx', () => {
  it(`survives ${TOTAL} malformed requests over every operation of the OpenAPI document`, async () => {
    await signIn('admin');
    await signIn('customer');
    const doc = t.app.swagger() as unknown as {
      paths: Record<string, Record<string, unknown>>;
      components?: { schemas?: Record<string, JsonSchema> };
    };
    const resolve = (ref: string) => doc.components?.schemas?.[ref.split('/').pop() ?? ''] ?? {};
    const ops = operationsOf(doc);
    expect(ops.length).toBeGreaterThan(80);
    const rng = seeded(SEED);
    const perOp = Math.ceil(TOTAL / ops.length);
    const byClass: Record<string, number> = {};
    const failures: string[] = [];
    const covered = new Set<string>();
    const started = Date.now();
    let sent = 0;
    for (const op of ops) {
      for (let i = 0; i < perOp; i++) {
        const { url, payload, who } = requestFor(op, rng, resolve);
        const authorization =
          who === 'forged' ? 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.x' : who === 'nobody' ? undefined : tokens[who];
        const res = await t.app.inject({
          method: op.method.toUpperCase() as 'GET',
          url,
          headers: {
            ...(authorization ? { authorization } : {}),
            ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(payload !== undefined ? { payload } : {}),
        });
        sent++;
        covered.add(`${op.method} ${op.path}`);
        const cls = `${Math.floor(res.statusCode / 100)}xx`;
        byClass[cls] = (byClass[cls] ?? 0) + 1;
        const where = `${op.method.toUpperCase()} ${url.slice(0, 120)} as ${who} (seed ${SEED}, #${sent}) → ${res.statusCode}`;
        if (res.statusCode >= 500) failures.push(`${where}: ${res.body.slice(0, 200)}`);
        else if (LEAK.test(res.body)) failures.push(`${where} leaks: ${res.body.slice(0, 200)}`);
        else if (res.statusCode >= 400 && !gatewayProtocol(op.path) && res.statusCode !== 404) {
          const json = res.json() as { name?: unknown; reference?: unknown };
          if (typeof json.name !== 'string' || typeof json.reference !== 'number')
            failures.push(`${where}: not a catalogue error`);
        }
        // A fuzzed sign-out ends a session: sign in again so the signed-in operations stay covered.
        if (res.statusCode === 401 && (who === 'admin' || who === 'customer')) await signIn(who);
      }
    }
    console.log(
      `fuzz: ${sent} requests over ${covered.size} operations in ${((Date.now() - started) / 1000).toFixed(1)} s, ` +
        `answers ${JSON.stringify(byClass)}, 5xx ${byClass['5xx'] ?? 0} (seed ${SEED})`,
    );
    expect(failures.slice(0, 20)).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(TOTAL);
    expect(covered.size).toBe(ops.length);
  }, 600_000);
});

describe('what Node parses before Fastify', () => {
  it('answers a URL over 16 KB with a catalogue body, not a bare status line', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`GET /api/health?x=${'a'.repeat(17 * 1024)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
      });
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString();
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
    expect(body).toEqual({
      name: 'VALIDATIONERROR',
      reference: 431,
      message: 'La dirección o las cabeceras de la solicitud son demasiado largas',
    });
  });
});
