import {
  guestDebtSchema,
  guestLookupBodySchema,
  guestPayBodySchema,
  guestPaymentCreatedSchema,
  guestPaymentSchema,
  guestTokenQuerySchema,
} from '@ov/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/language';
import type { PaymentsService } from './payments.service';

const tags = ['payments'];
const base = '/api/guest-payments';
const idParams = z.object({ id: z.string().uuid() });

/**
 * Pay without an account (issue 30): public, throttled per address and per code with validate-ccs's
 * budget. A guest's payment is followed with its `token` (returned at creation, on the gateway's
 * return and in the receipt e-mail), never a session.
 */
export const paymentsGuestRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  app.post(
    `${base}/lookup`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'A client code and the number of its last invoice or its contract: the open invoices, their total and the holder’s initials. 620 unknown code or wrong proof (one answer), 357 bad format, 429 with Retry-After (30 checks and 10 failures per address, 10 failures per code, in 15 minutes)',
        body: guestLookupBodySchema,
        response: { 200: guestDebtSchema },
      },
    },
    async (req) => payments.guests.lookup(req.body, req.ip),
  );

  app.post(
    base,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Pay invoices of a code without an account (omit invoiceIds = every payable open invoice): as POST /api/payments/invoices plus receiptToken; 620, 429 as lookup; 481 gateway off; PAYMENTRESULT 3/4/7/9/10/12/13',
        body: guestPayBodySchema,
        response: { 201: guestPaymentCreatedSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await payments.guests.pay(req.body, req.ip)),
  );

  app.get(
    `${base}/:id`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'A guest’s payment by its token (415 otherwise): status and result; a pending one is re-checked',
        params: idParams,
        querystring: guestTokenQuerySchema,
        response: { 200: guestPaymentSchema },
      },
    },
    async (req) => payments.guests.get(req.params.id, req.query.token, requestLanguage(req)),
  );

  app.get(
    `${base}/:id/receipt.pdf`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'The receipt PDF of a guest’s PAYED payment by its token (holder’s initials only); 415 bad token, 855 not paid',
        params: idParams,
        querystring: guestTokenQuerySchema,
      },
    },
    async (req, reply) => {
      const pdf = await payments.guests.receipt(req.params.id, req.query.token, requestLanguage(req));
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="comprobante-${req.params.id}.pdf"`)
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .send(pdf);
    },
  );
};
