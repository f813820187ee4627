import {
  advanceQuoteSchema,
  ccField,
  payAdvanceBodySchema,
  payInvoicesBodySchema,
  paymentCreatedSchema,
  paymentDtoSchema,
  searchQuerySchema,
} from '@ov/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/language';
import { sendPage } from '../../lib/search';
import { principalOf } from '../../plugins/access';
import type { PaymentsService } from './payments.service';

const tags = ['payments'];
const idParams = z.object({ id: z.string().uuid() });

/** The customer's side: pay invoices, deposit an advance, follow a payment, records and receipts. */
export const paymentsCustomerRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  app.post(
    '/api/payments/invoices',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary:
          'Pay invoices of one own code (omit invoiceIds = whole debt). PAYMENTRESULT 3/4/5/7/9/10/12/13, 498 not own code',
        body: payInvoicesBodySchema,
        response: { 201: paymentCreatedSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await payments.payInvoices(principalOf(req), req.body)),
  );

  app.post(
    '/api/payments/advance',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary:
          'Advance deposit (ADELANTO): only without debt (PAYMENTRESULT 8), at least the minimum (480)',
        body: payAdvanceBodySchema,
        response: { 201: paymentCreatedSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await payments.payAdvance(principalOf(req), req.body)),
  );

  app.get(
    '/api/payments/advance/quote',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'Whether an advance is possible (code 1) or debts come first (code 8), minimum and bonus',
        querystring: z.object({ cc: ccField }),
        response: { 200: advanceQuoteSchema },
      },
    },
    async (req) => payments.advanceQuote(principalOf(req), req.query.cc, requestLanguage(req)),
  );

  app.post(
    '/api/payments/search',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          'Payment records: own for customers, all of the space with TRANSFERMOVIL:READ or INVOICE:READ. Amounts in cents',
        body: searchQuerySchema,
        response: { 200: z.array(paymentDtoSchema) },
      },
    },
    async (req, reply) =>
      sendPage(reply, await payments.records.search(principalOf(req), req.body, requestLanguage(req))),
  );

  app.get(
    '/api/payments/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          'One payment (owner or staff): status, result code and its message; a pending one is re-checked',
        params: idParams,
        response: { 200: paymentDtoSchema },
      },
    },
    async (req) => payments.get(principalOf(req), req.params.id, requestLanguage(req), { refresh: true }),
  );

  app.post(
    '/api/payments/:id/cancel',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary:
          'The payer cancels their own PENDING payment (EnZona order withdrawn at the gateway, invoices released); idempotent. 415 not own, 484 no longer pending, 485 Transfermóvil, PAYMENTRESULT 4 gateway unreachable',
        params: idParams,
        response: { 200: paymentDtoSchema },
      },
    },
    async (req) => payments.cancel(principalOf(req), req.params.id, requestLanguage(req)),
  );

  app.get(
    '/api/payments/:id/receipt.pdf',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Receipt PDF of a PAYED payment (owner or staff); 855 not paid, 461 nothing applied',
        params: idParams,
      },
    },
    async (req, reply) => {
      const pdf = await payments.receipt(principalOf(req), req.params.id, requestLanguage(req));
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="comprobante-${req.params.id}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
