import Fastify, { type FastifyInstance } from 'fastify';
import { createCtx, type SandboxOptions } from './context';
import { createEnzonaState, decide, enzonaView, registerEnzona } from './enzona';
import { FAULT_MODES, type FaultMode, GATEWAYS, type GatewayKey } from './faults';
import { SANDBOX_CSS } from './pages';
import {
  createNotifier,
  createTmState,
  findByExternalId,
  payerDecides,
  refresh,
  registerTransfermovil,
  TM_STATUS,
  tmView,
} from './transfermovil';

export { DEV_DEFAULTS, type SandboxOptions } from './context';
export { havanaParts, tmHeaders, tmPassword } from './credentials';
export type { FaultMode, GatewayKey } from './faults';

/**
 * Stand-ins for EnZona and Transfermóvil over real HTTP, plus a control API under /sandbox for tests
 * (faults, shortcuts for the payer's decisions, inspection). Listen on port 0 in tests.
 */
export async function buildSandbox(opts: SandboxOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: 256 * 1024,
  });
  const ctx = createCtx(opts);
  const enzona = createEnzonaState();
  const tm = createTmState();
  const notifier = createNotifier(ctx, tm, app.log);
  app.addHook('onClose', async () => ctx.close());
  // Every gateway call counted by route (`GET /sandbox/calls`), and by payment (`GET /sandbox/calls/:id`,
  // the Transfermóvil ExternalId or the EnZona uuid): how a test proves that work spread over several
  // API processes reached the gateway once.
  const calls = new Map<string, number>();
  const callsByPayment = new Map<string, Map<string, number>>();
  app.addHook('onRequest', async (req) => {
    const route = req.routeOptions.url;
    if (!route || route.startsWith('/sandbox')) return;
    const key = `${req.method} ${route}`;
    calls.set(key, (calls.get(key) ?? 0) + 1);
    const params = (req.params ?? {}) as { externalId?: string; uuid?: string };
    const id = params.externalId ?? params.uuid;
    if (!id) return;
    const mine = callsByPayment.get(id) ?? new Map<string, number>();
    mine.set(key, (mine.get(key) ?? 0) + 1);
    callsByPayment.set(id, mine);
  });

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get('/sandbox/assets/sandbox.css', async (_req, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=300').send(SANDBOX_CSS),
  );
  app.get('/', async () => ({
    name: 'Oficina Virtual gateway sandbox',
    enzona: '/enzona',
    transfermovil: '/transfermovil/RestExternalPayment.svc',
  }));

  await registerEnzona(app, ctx, enzona);
  await registerTransfermovil(app, ctx, tm, notifier);

  // ---- control API for tests ----
  app.post('/sandbox/faults', async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const gateway = b.gateway as GatewayKey;
    const mode = b.mode as FaultMode;
    const delayMs = b.delayMs === undefined ? 0 : Number(b.delayMs);
    const times = b.times === undefined ? undefined : Number(b.times);
    if (!GATEWAYS.includes(gateway) || !FAULT_MODES.includes(mode)) {
      return reply
        .code(400)
        .send({ error: `gateway must be ${GATEWAYS.join('|')}, mode ${FAULT_MODES.join('|')}` });
    }
    if (
      !Number.isInteger(delayMs) ||
      delayMs < 0 ||
      (times !== undefined && (!Number.isInteger(times) || times < 1))
    ) {
      return reply.code(400).send({ error: 'delayMs must be an integer ≥ 0 and times an integer ≥ 1' });
    }
    if (gateway === 'enzona' && (mode === 'duplicate' || mode === 'reorder')) {
      return reply.code(400).send({
        error:
          'EnZona sends no notifications (the payer returns in the browser): duplicate/reorder do not apply',
      });
    }
    ctx.faults.set(gateway, { mode, delayMs, times });
    return { gateway, fault: ctx.faults.get(gateway) };
  });

  app.get('/sandbox/faults', async () => ({
    enzona: ctx.faults.get('enzona'),
    transfermovil: ctx.faults.get('transfermovil'),
  }));

  app.get('/sandbox/calls', async () => Object.fromEntries(calls));
  app.get('/sandbox/calls/:id', async (req) =>
    Object.fromEntries(callsByPayment.get((req.params as { id: string }).id) ?? []),
  );

  app.post('/sandbox/reset', async () => {
    calls.clear();
    callsByPayment.clear();
    ctx.faults.reset();
    enzona.payments.clear();
    tm.orders.clear();
    tm.byExternalId.clear();
    tm.held.length = 0;
    return { ok: true };
  });

  /** Releases Transfermóvil notifications held by the "reorder" fault, newest first. */
  app.post('/sandbox/release', async () => ({ released: notifier.flush() }));

  app.get('/sandbox/orders', async (req) => {
    const base = ctx.publicUrl(req);
    return {
      enzona: [...enzona.payments.values()].map((p) => enzonaView(p, base)),
      transfermovil: [...tm.orders.values()].map((o) => tmView(refresh(ctx, o))),
      held: tm.held.length,
      enzonaTokensIssued: enzona.tokens.size,
    };
  });

  for (const decision of ['approve', 'cancel'] as const) {
    app.post(`/sandbox/enzona/:uuid/${decision}`, async (req, reply) => {
      const p = enzona.payments.get((req.params as { uuid: string }).uuid);
      if (!p) return reply.code(404).send({ error: 'Pago no encontrado' });
      const result = decide(ctx, p, decision);
      return reply.code(result.ok ? 200 : 409).send({
        ok: result.ok,
        message: result.message,
        status_code: p.status_code,
        /** Where the browser would be sent (null when the "drop" fault loses the return). */
        redirect: result.redirect,
      });
    });
  }

  for (const decision of ['approve', 'reject'] as const) {
    app.post(`/sandbox/transfermovil/:externalId/${decision}`, async (req, reply) => {
      const { externalId } = req.params as { externalId: string };
      const order = findByExternalId(ctx, tm, externalId);
      if (!order) return reply.code(404).send({ error: 'Orden no encontrada' });
      const phone = ((req.body ?? {}) as { phone?: string }).phone;
      const result = payerDecides(ctx, notifier, order, decision, phone);
      return reply.code(result.ok ? 200 : 409).send({ ...result, order: tmView(order) });
    });
  }

  app.post('/sandbox/transfermovil/:externalId/expire', async (req, reply) => {
    const order = findByExternalId(ctx, tm, (req.params as { externalId: string }).externalId);
    if (!order) return reply.code(404).send({ error: 'Orden no encontrada' });
    if (order.status !== TM_STATUS.REGISTERED)
      return reply.code(409).send({ error: 'La orden ya no está pendiente' });
    order.status = TM_STATUS.EXPIRED;
    return { ok: true, order: tmView(order) };
  });

  return app;
}
