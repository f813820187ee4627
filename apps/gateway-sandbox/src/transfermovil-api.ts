import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from './context';
import { sameSecret, tmPassword } from './credentials';
import { toCents, toDecimal } from './money';
import {
  findByExternalId,
  orderKey,
  TM_DENOM,
  TM_STATUS,
  type TmOrder,
  type TmState,
} from './transfermovil-orders';

/** The merchant-facing REST service: payOrder and getStatusOrder behind the daily header password. */
export async function registerTransfermovilApi(app: FastifyInstance, ctx: Ctx, state: TmState) {
  const opts = ctx.transfermovil;

  await app.register(
    async (api) => {
      api.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
        const h = req.headers;
        const username = typeof h.username === 'string' ? h.username : '';
        const source = typeof h.source === 'string' ? h.source : '';
        const password = typeof h.password === 'string' ? h.password : '';
        const expected = tmPassword(opts.username, opts.seed, opts.source, ctx.now());
        if (
          !sameSecret(username, opts.username) ||
          !sameSecret(source, opts.source) ||
          !sameSecret(password, expected)
        ) {
          return reply.code(401).send({ Success: false, Resultmsg: 'Credenciales no válidas' });
        }
      });

      api.post('/payOrder', async (req, reply) => {
        if (ctx.faults.take('transfermovil', 'fail')) {
          return reply
            .code(500)
            .send({ PayOrderResult: { Success: false, Resultmsg: 'Servicio no disponible', OrderId: 0 } });
        }
        const r = ((req.body ?? {}) as { request?: Record<string, unknown> }).request;
        const fail = (msg: string) => ({ PayOrderResult: { Success: false, Resultmsg: msg, OrderId: 0 } });
        if (!r || typeof r !== 'object') return fail('Falta request');
        const amount = toCents(r.Amount);
        if (amount === null || amount <= 0) return fail('Amount no es válido');
        if (r.Currency !== 'CUP') return fail('Currency debe ser CUP');
        if (typeof r.ExternalId !== 'string' || !r.ExternalId || r.ExternalId.length > 64) {
          return fail('ExternalId no es válido');
        }
        if (String(r.Source) !== opts.source) return fail('Source no corresponde al comercio');
        if (typeof r.UrlResponse !== 'string' || !URL.canParse(r.UrlResponse))
          return fail('UrlResponse no es válida');
        if (typeof r.Description !== 'string' || !r.Description) return fail('Description es obligatoria');
        const validTime = r.ValidTime === undefined ? 0 : Number(r.ValidTime);
        if (!Number.isInteger(validTime) || validTime < 0) return fail('ValidTime no es válido');
        const k = orderKey(r.Source, r.ExternalId);
        if (state.orders.has(k)) return fail('Ya existe una orden con ese ExternalId');
        const now = ctx.now();
        const order: TmOrder = {
          orderId: state.nextOrderId++,
          externalId: r.ExternalId,
          source: r.Source as string | number,
          amountCents: amount,
          currency: 'CUP',
          description: r.Description,
          phone: typeof r.Phone === 'string' ? r.Phone : '',
          urlResponse: r.UrlResponse,
          validTime,
          status: TM_STATUS.REGISTERED,
          createdAt: now.toISOString(),
          expiresAt: validTime > 0 ? new Date(now.getTime() + validTime * 60_000).toISOString() : null,
          paidAt: null,
          bankId: null,
          tmId: null,
          bank: null,
          payerPhone: null,
          notifications: 0,
          dropped: 0,
          acknowledged: false,
          deliveries: [],
        };
        state.orders.set(k, order);
        state.byExternalId.set(order.externalId, order);
        return { PayOrderResult: { Success: true, Resultmsg: 'Orden registrada', OrderId: order.orderId } };
      });

      api.get('/getStatusOrder/:externalId/:source', async (req, reply) => {
        if (ctx.faults.take('transfermovil', 'fail')) {
          return reply
            .code(500)
            .send({ GetStatusOrderResult: { Success: false, Resultmsg: 'Servicio no disponible' } });
        }
        const { externalId, source } = req.params as { externalId: string; source: string };
        const o = findByExternalId(ctx, state, externalId, source);
        if (!o)
          return { GetStatusOrderResult: { Success: false, Resultmsg: 'Orden no encontrada', Status: 0 } };
        return {
          GetStatusOrderResult: {
            Success: true,
            Resultmsg: TM_DENOM[o.status],
            Status: o.status,
            OrderId: o.orderId,
            ExternalId: o.externalId,
            Source: o.source,
            Amount: toDecimal(o.amountCents),
            Currency: o.currency,
            BankId: o.bankId,
            TmId: o.tmId,
            Bank: o.bank,
            Phone: o.payerPhone,
            Date: o.paidAt ?? o.createdAt,
          },
        };
      });
    },
    { prefix: '/transfermovil/RestExternalPayment.svc' },
  );
}
