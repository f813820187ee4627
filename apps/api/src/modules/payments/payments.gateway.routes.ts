import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentsService } from './payments.service';

const tags = ['payments'];
const enzonaQuery = z.record(z.string(), z.string().max(200));

/** What the gateways (or the payer's browser, for EnZona) call back. Public: they prove nothing alone. */
export const paymentsGatewayRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  for (const kind of ['return', 'cancel'] as const) {
    app.get(
      `/api/payments/enzona/${kind}`,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: `EnZona ${kind}_url: the payment is checked at EnZona server to server, then 302 to the web's result page`,
          querystring: enzonaQuery,
        },
      },
      async (req, reply) => reply.redirect(await payments.enzonaReturn(req.query, kind), 302),
    );
  }

  app.post(
    '/api/payments/transfermovil/notify',
    {
      config: { access: 'public' },
      // A notification is a few hundred bytes; anything near this is not one (413 before parsing).
      bodyLimit: 16 * 1024,
      schema: {
        tags,
        summary:
          'Transfermóvil notification (UrlResponse): credential headers checked, order re-queried; {Success, Resultmsg, Status}',
        body: z.unknown(),
      },
    },
    async (req, reply) => {
      const answer = await payments.transfermovilNotify(req.headers, req.body);
      return reply.code(answer.status).send(answer.body);
    },
  );
};
