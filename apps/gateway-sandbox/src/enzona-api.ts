import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from './context';
import { sameSecret } from './credentials';
import { readCreateBody } from './enzona-create';
import {
  ENZONA_DENOM,
  ENZONA_STATUS,
  type EnzonaPayment,
  type EnzonaState,
  enzonaView,
} from './enzona-payments';
import { toCents, toDecimal } from './money';

function businessError(reply: FastifyReply, status: number, code: number, message: string) {
  return reply.code(status).send({ code: String(code), message });
}

/** The merchant-facing side: the OAuth2 token endpoint and the payment API behind it. */
export async function registerEnzonaApi(app: FastifyInstance, ctx: Ctx, state: EnzonaState) {
  const opts = ctx.enzona;

  /** Faults on the merchant-facing API: slow answers and 500s. */
  async function apiFaults(_req: FastifyRequest, reply: FastifyReply) {
    const delay = ctx.faults.take('enzona', 'delay');
    if (delay) await ctx.wait(delay.delayMs);
    if (ctx.faults.take('enzona', 'fail')) {
      return reply.code(500).send({ code: '5000', message: 'Error interno del servidor' });
    }
  }

  // OAuth2 client credentials (WSO2-style answers).
  app.post('/enzona/token', { onRequest: apiFaults }, async (req, reply) => {
    const auth = req.headers.authorization ?? '';
    const [scheme, encoded] = auth.split(' ');
    const decoded =
      scheme?.toLowerCase() === 'basic' && encoded ? Buffer.from(encoded, 'base64').toString() : '';
    const sep = decoded.indexOf(':');
    const id = sep >= 0 ? decoded.slice(0, sep) : '';
    const secret = sep >= 0 ? decoded.slice(sep + 1) : '';
    if (!sameSecret(id, opts.clientId) || !sameSecret(secret, opts.clientSecret)) {
      return reply
        .code(401)
        .send({ error: 'invalid_client', error_description: 'Client Authentication failed.' });
    }
    const form = (req.body ?? {}) as Record<string, string>;
    if (form.grant_type !== 'client_credentials') {
      return reply
        .code(400)
        .send({ error: 'unsupported_grant_type', error_description: 'Unsupported grant_type' });
    }
    const scope = form.scope ?? 'enzona_business_payment';
    if (scope !== 'enzona_business_payment') {
      return reply.code(400).send({ error: 'invalid_scope', error_description: 'Invalid scope' });
    }
    const token = randomBytes(24).toString('hex');
    state.tokens.set(token, ctx.now().getTime() + opts.tokenTtlSeconds * 1000);
    return { access_token: token, token_type: 'Bearer', expires_in: opts.tokenTtlSeconds, scope };
  });

  await app.register(
    async (api) => {
      api.addHook('onRequest', async (req, reply) => {
        const [scheme, token] = (req.headers.authorization ?? '').split(' ');
        const expires = scheme === 'Bearer' && token ? state.tokens.get(token) : undefined;
        if (!expires || expires <= ctx.now().getTime()) {
          return reply.code(401).send({
            fault: {
              code: 900901,
              message: 'Invalid Credentials',
              description:
                'Access failure for API: /payment/v1.0.0. Make sure you have given the correct access token',
            },
          });
        }
      });
      api.addHook('onRequest', apiFaults);

      api.post('/payments', async (req, reply) => {
        const { fields, error } = readCreateBody(req.body);
        if (error) return businessError(reply, 400, error.code, error.message);
        const at = ctx.now().toISOString();
        const payment: EnzonaPayment = {
          transaction_uuid: randomUUID().replace(/-/g, ''),
          ...fields,
          currency: 'CUP',
          status_code: ENZONA_STATUS.PENDING,
          created_at: at,
          update_at: at,
          user_uuid: null,
          refunds: [],
        };
        state.payments.set(payment.transaction_uuid, payment);
        return reply.code(200).send(enzonaView(payment, ctx.publicUrl(req)));
      });

      api.get('/payments', async (req, reply) => {
        const q = req.query as Record<string, string | undefined>;
        const limit = Math.min(Math.max(Number(q.limit ?? 10) || 10, 1), 100);
        const offset = Math.max(Number(q.offset ?? 0) || 0, 0);
        let rows = [...state.payments.values()].reverse();
        if (q.merchant_op_id) rows = rows.filter((p) => p.merchant_op_id === q.merchant_op_id);
        if (q.status_filter) rows = rows.filter((p) => String(p.status_code) === q.status_filter);
        reply.header('X-Total-Count', String(rows.length));
        const base = ctx.publicUrl(req);
        return rows.slice(offset, offset + limit).map((p) => enzonaView(p, base));
      });

      const find = (req: FastifyRequest, reply: FastifyReply) => {
        const p = state.payments.get((req.params as { uuid: string }).uuid);
        if (!p) businessError(reply, 404, 4040, 'Pago no encontrado');
        return p;
      };

      api.get('/payments/:uuid', async (req, reply) => {
        const p = find(req, reply);
        if (p) return enzonaView(p, ctx.publicUrl(req));
      });

      api.post('/payments/:uuid/complete', async (req, reply) => {
        const p = find(req, reply);
        if (!p) return;
        if (p.status_code === ENZONA_STATUS.CONFIRMED) {
          p.status_code = ENZONA_STATUS.ACCEPTED;
          p.update_at = ctx.now().toISOString();
        } else if (p.status_code !== ENZONA_STATUS.ACCEPTED) {
          return businessError(
            reply,
            400,
            4065,
            `El pago no puede completarse: está ${ENZONA_DENOM[p.status_code]} (debe estar confirmado por el pagador)`,
          );
        }
        return enzonaView(p, ctx.publicUrl(req));
      });

      api.post('/payments/:uuid/cancel', async (req, reply) => {
        const p = find(req, reply);
        if (!p) return;
        if (p.status_code === ENZONA_STATUS.PENDING || p.status_code === ENZONA_STATUS.CONFIRMED) {
          p.status_code = ENZONA_STATUS.CANCELLED;
          p.update_at = ctx.now().toISOString();
        } else if (p.status_code !== ENZONA_STATUS.CANCELLED) {
          return businessError(
            reply,
            400,
            4066,
            `El pago no puede cancelarse: está ${ENZONA_DENOM[p.status_code]}`,
          );
        }
        return enzonaView(p, ctx.publicUrl(req));
      });

      api.post('/payments/:uuid/refund', async (req, reply) => {
        const p = find(req, reply);
        if (!p) return;
        if (p.status_code !== ENZONA_STATUS.ACCEPTED && p.status_code !== ENZONA_STATUS.REFUNDED) {
          return businessError(
            reply,
            400,
            4067,
            `Solo se devuelven pagos aceptados: está ${ENZONA_DENOM[p.status_code]}`,
          );
        }
        const b = (req.body ?? {}) as { amount?: { total?: unknown }; description?: unknown };
        const refunded = p.refunds.reduce((s, r) => s + r.cents, 0);
        const cents = b.amount?.total === undefined ? p.totalCents - refunded : toCents(b.amount.total);
        if (cents === null || cents <= 0 || cents > p.totalCents - refunded) {
          return businessError(reply, 400, 4068, 'El importe a devolver no es válido');
        }
        const refund = {
          transaction_uuid: randomUUID().replace(/-/g, ''),
          cents,
          created_at: ctx.now().toISOString(),
        };
        p.refunds.push(refund);
        p.status_code = ENZONA_STATUS.REFUNDED;
        p.update_at = refund.created_at;
        return {
          transaction_uuid: refund.transaction_uuid,
          parent_payment_uuid: p.transaction_uuid,
          status_code: ENZONA_STATUS.REFUNDED,
          status_denom: ENZONA_DENOM[ENZONA_STATUS.REFUNDED],
          amount: { total: toDecimal(cents) },
          description: String(b.description ?? ''),
          created_at: refund.created_at,
        };
      });
    },
    { prefix: '/enzona/payment/v1.0.0' },
  );
}
