import { timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { CLIENT_TYPES } from '@ov/domain';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { registerCashier } from './cashier';
import { CONTRACT_PATH } from './contract-path';
import { FAULT_TARGETS, type Fault, Faults, type FaultTarget } from './faults';
import { BadInput, createLedger, type Ledger, NotFound, Refusal } from './ledger';
import { seedDemo } from './seed';
import { openStore, type Store } from './store';

export { CONTRACT_PATH } from './contract-path';
export type { Fault, FaultTarget } from './faults';
export type { Account, ChangeEvent, Invoice, Ledger } from './ledger';

/** The development token, shared with the portal's default `COMMERCIAL_SYSTEM_TOKEN`. Never in production. */
export const DEV_TOKEN = 'ov-dev-commercial-token';

export interface ReferenceOptions {
  /** Bearer token every /v1 call must carry. */
  token?: string;
  /** `memory` (default), a PGlite directory, or `postgres://…`. */
  databaseUrl?: string;
  /** Schema of its tables (default `commercial`). */
  schema?: string;
  /** Demo accounts seeded into an empty store (default 300, as the portal's demo; 0 for none). */
  demoAccounts?: number;
  /** Clock (tests); defaults to the real time. */
  now?: () => Date;
  logger?: boolean | object;
  /** Random source of the `ratio` of faults (tests). */
  random?: () => number;
  /** Serve the unauthenticated control API under /control (default true). */
  control?: boolean;
}

export interface ReferenceSystem {
  app: FastifyInstance;
  ledger: Ledger;
  faults: Faults;
  store: Store;
}

const clientCode = z.string().min(1).max(40);
const timestamp = z.iso.datetime().refine((v) => v.endsWith('Z'), 'ISO 8601 in UTC (ending in Z)');
const cents = z.number().int().min(0);
const schemas = {
  lookup: z.object({ ccs: z.array(clientCode).min(1).max(100) }).strict(),
  invoices: z.object({
    status: z.enum(['open', 'all']).default('all'),
    page: z.coerce.number().int().min(1).default(1),
    size: z.coerce.number().int().min(1).max(100).default(10),
  }),
  payment: z.object({
    paymentId: z.string().min(1).max(100),
    cc: clientCode,
    type: z.enum(['CC', 'ADELANTO']),
    method: z.enum(['ENZONA', 'TRANSFERMOVIL']),
    gatewayReference: z.string().min(1).max(200),
    paidAt: timestamp,
    amountCents: z.number().int().min(1),
    bonusCents: cents,
    invoices: z
      .array(z.object({ invoiceNumber: z.string().min(1).max(40), amountCents: z.number().int().min(1) }))
      .max(100),
  }),
  account: z.object({
    requestId: z.string().min(1).max(100),
    sector: z.enum(CLIENT_TYPES),
    holderName: z.string().min(1).max(200),
    nationalId: z.string().min(1).max(40),
    address: z.string().min(1).max(300),
    municipality: z.number().int().min(1),
    contractNumber: z.string().min(1).max(60),
    policy: z.string().min(1).max(60),
  }),
  changes: z.object({
    after: z
      .string()
      .regex(/^\d{1,18}$/, 'after must be a cursor of this feed')
      .optional(),
    limit: z.coerce.number().int().min(1).max(500).default(500),
  }),
  idempotencyKey: z.string().min(1).max(100),
};

function sendError(reply: FastifyReply, status: number, error: string, message: string) {
  return reply.code(status).send({ error, message });
}

function parse<T>(schema: z.ZodType<T>, value: unknown, reply: FastifyReply): T | undefined {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  sendError(reply, 400, 'INVALID_REQUEST', `${issue.path.join('.') || 'body'}: ${issue.message}`);
  return undefined;
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The reference commercial system: serves the `/v1` contract (contracts/commercial-system.v1.yaml)
 * on a store of its own, with an office-cashier page (`/oficina`) and a control API for tests and
 * demos (`/control/*`: faults, fixtures, postings). Listen on port 0 in tests.
 */
export async function buildReference(opts: ReferenceOptions = {}): Promise<ReferenceSystem> {
  const token = opts.token ?? DEV_TOKEN;
  const store = await openStore({ url: opts.databaseUrl, schema: opts.schema });
  const ledger = createLedger(store, { now: opts.now });
  if (opts.demoAccounts !== 0) await seedDemo(store, { today: opts.now?.(), accounts: opts.demoAccounts });
  const faults = new Faults(opts.random);
  const timers = new Set<NodeJS.Timeout>();
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.add(t);
    });

  const app = Fastify({ logger: opts.logger ?? false, bodyLimit: 256 * 1024 });
  app.addHook('onClose', async () => {
    for (const t of timers) clearTimeout(t);
    await store.close();
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.setErrorHandler((err: { statusCode?: number; message?: string }, req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) req.log.error(err);
    const code =
      status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'INVALID_REQUEST';
    return status === 500
      ? sendError(reply, 500, 'INTERNAL', 'Error interno del sistema comercial')
      : sendError(reply, status, code, err.message ?? 'Solicitud no válida');
  });
  app.setNotFoundHandler((req, reply) =>
    sendError(reply, 404, 'NOT_FOUND', `No existe ${req.method} ${req.url}`),
  );

  // Faults first (a system that is down does not check tokens), then the token.
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/v1/')) return;
    const fault = faults.take('api');
    if (fault?.mode === 'slow') await wait(fault.delayMs ?? 0);
    if (fault?.mode === 'fail')
      return sendError(
        reply,
        fault.status ?? 503,
        'UNAVAILABLE',
        'Sistema comercial no disponible (falla simulada)',
      );
    if (fault?.mode === 'down') {
      reply.hijack();
      req.raw.socket.destroy();
      return reply;
    }
    const auth = req.headers.authorization ?? '';
    const given = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    if (!given || !sameToken(given, token))
      return sendError(reply, 401, 'UNAUTHORIZED', 'Falta el token o no es válido');
  });

  app.get('/', async (_req, reply) => reply.redirect('/oficina'));
  app.get('/health', async () => ({ status: 'ok' }));
  app.get('/openapi.yaml', async (_req, reply) => {
    // Read on demand: a bundled copy of this server may run without the repository's contracts/.
    const text = await readFile(CONTRACT_PATH, 'utf8').catch(() => null);
    if (text === null)
      return sendError(reply, 404, 'NOT_FOUND', 'contracts/commercial-system.v1.yaml is not here');
    return reply.type('application/yaml; charset=utf-8').send(text);
  });

  // ---- the /v1 contract ----
  app.get('/v1/accounts/:cc', async (req, reply) => {
    const cc = parse(clientCode, (req.params as { cc: string }).cc, reply);
    if (cc === undefined) return reply;
    const account = await ledger.getAccount(cc);
    return account ?? sendError(reply, 404, 'NOT_FOUND', `Cuenta ${cc} no encontrada`);
  });

  app.post('/v1/accounts/lookup', async (req, reply) => {
    const body = parse(schemas.lookup, req.body, reply);
    if (!body) return reply;
    return ledger.lookup(body.ccs);
  });

  app.get('/v1/accounts/:cc/invoices', async (req, reply) => {
    const cc = parse(clientCode, (req.params as { cc: string }).cc, reply);
    const q = cc === undefined ? undefined : parse(schemas.invoices, req.query, reply);
    if (cc === undefined || !q) return reply;
    const page = await ledger.listInvoices(cc, q);
    return page ?? sendError(reply, 404, 'NOT_FOUND', `Cuenta ${cc} no encontrada`);
  });

  app.get('/v1/accounts/:cc/invoices/:invoiceNumber', async (req, reply) => {
    const { cc, invoiceNumber } = req.params as { cc: string; invoiceNumber: string };
    const invoice = await ledger.getInvoice(cc, invoiceNumber);
    return invoice ?? sendError(reply, 404, 'NOT_FOUND', `Factura ${invoiceNumber} no encontrada`);
  });

  const keyOf = (req: FastifyRequest, reply: FastifyReply) =>
    parse(schemas.idempotencyKey, req.headers['idempotency-key'], reply);

  app.post('/v1/payments', async (req, reply) => {
    const key = keyOf(req, reply);
    const body = key === undefined ? undefined : parse(schemas.payment, req.body, reply);
    if (key === undefined || !body) return reply;
    if (body.paymentId !== key)
      return sendError(reply, 400, 'INVALID_REQUEST', 'paymentId debe ser igual a la Idempotency-Key');
    const fault = faults.take('payments');
    if (fault?.mode === 'refuse')
      return reply.code(409).send({ reason: fault.reason, message: 'Rechazo simulado (falla inyectada)' });
    try {
      const { postingId, created } = await ledger.postPayment(key, body);
      if (fault?.mode === 'fail-after')
        return sendError(
          reply,
          503,
          'UNAVAILABLE',
          'Respuesta perdida (falla simulada): el pago SÍ se aplicó',
        );
      return reply.code(created ? 201 : 200).send({ postingId });
    } catch (err) {
      return ledgerError(err, reply);
    }
  });

  app.post('/v1/accounts', async (req, reply) => {
    const key = keyOf(req, reply);
    const body = key === undefined ? undefined : parse(schemas.account, req.body, reply);
    if (key === undefined || !body) return reply;
    if (body.requestId !== key)
      return sendError(reply, 400, 'INVALID_REQUEST', 'requestId debe ser igual a la Idempotency-Key');
    try {
      const { cc, created } = await ledger.createAccount(key, body);
      return reply.code(created ? 201 : 200).send({ cc });
    } catch (err) {
      return ledgerError(err, reply);
    }
  });

  app.get('/v1/changes', async (req, reply) => {
    const q = parse(schemas.changes, req.query, reply);
    if (!q) return reply;
    const after = q.after ?? null;
    const events = await ledger.changes(after, q.limit);
    const next = events.at(-1)?.cursor ?? (after === null ? null : after.padStart(16, '0'));
    const fault = faults.take('changes');
    if (fault?.mode === 'reorder') return { events: [...events].reverse(), next };
    if (fault?.mode === 'duplicate') {
      // The event at `after` again, then each new one twice, within `limit`.
      const again = after === null || q.limit < 2 ? [] : await ledger.changes(String(BigInt(after) - 1n), 1);
      const out = [...again, ...events.flatMap((e) => [e, e])].slice(0, q.limit);
      return { events: out, next: out.at(-1)?.cursor ?? next };
    }
    return { events, next };
  });

  // ---- control API (tests, demos): faults, fixtures, postings ----
  if (opts.control !== false) registerControl(app, ledger, faults);
  registerCashier(app, ledger);
  return { app, ledger, faults, store };
}

function registerControl(app: FastifyInstance, ledger: Ledger, faults: Faults) {
  app.get('/control/faults', async () => faults.all());
  app.post('/control/faults', async (req, reply) => {
    const b = (req.body ?? {}) as Fault & { target?: FaultTarget };
    const target = b.target as FaultTarget;
    if (!FAULT_TARGETS.includes(target))
      return sendError(reply, 400, 'INVALID_REQUEST', `target must be ${FAULT_TARGETS.join('|')}`);
    const { target: _t, ...fault } = b;
    const problem = faults.set(target, fault);
    if (problem) return sendError(reply, 400, 'INVALID_REQUEST', problem);
    return { target, fault: faults.get(target) };
  });
  app.post('/control/reset', async () => {
    faults.reset();
    return { ok: true };
  });
  app.post('/control/fixtures', async (_req, reply) => reply.code(201).send(await ledger.createFixtures()));
  app.get('/control/postings', async (req) => {
    const q = req.query as { cc?: string; key?: string };
    return ledger.postings({ cc: q.cc || undefined, key: q.key || undefined });
  });
}

function ledgerError(err: unknown, reply: FastifyReply) {
  if (err instanceof Refusal) return reply.code(409).send({ reason: err.reason, message: err.message });
  if (err instanceof NotFound) return sendError(reply, 404, 'NOT_FOUND', err.message);
  if (err instanceof BadInput) return sendError(reply, 400, 'INVALID_REQUEST', err.message);
  throw err;
}
