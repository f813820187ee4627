import { documentVerificationSchema } from '@ov/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/language';
import { principalOf } from '../../plugins/access';
import type { BillingService } from './billing.service';
import type { BillingDocuments } from './documents.service';

const base = '/api/ahab-requests';
const tags = ['billing'];

function sendPdf(reply: FastifyReply, name: string, pdf: Buffer) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

/** Receipts, contracts and the public check of a document's verification code. */
export const billingDocumentRoutes: FastifyPluginAsyncZod<{
  billing: BillingService;
  documents: BillingDocuments;
}> = async (app, { billing, documents }) => {
  app.get(
    `${base}/receipt/:paymentId.pdf`,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Receipt of a payment applied to the ledger (owner or INVOICE:READ); 461 unknown payment',
        params: z.object({ paymentId: z.string().uuid() }),
      },
    },
    async (req, reply) => {
      const pdf = await billing.paymentReceipt(principalOf(req), req.params.paymentId, requestLanguage(req));
      return sendPdf(reply, `comprobante-${req.params.paymentId}.pdf`, pdf);
    },
  );

  app.get(
    `${base}/invoices/:invoiceId/receipt.pdf`,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Receipt of a paid invoice (owner or INVOICE:READ); 855 nothing paid, 854 inactive',
        params: z.object({ invoiceId: z.string().uuid() }),
      },
    },
    async (req, reply) => {
      const pdf = await billing.invoiceReceipt(principalOf(req), req.params.invoiceId, requestLanguage(req));
      return sendPdf(reply, `comprobante-factura-${req.params.invoiceId}.pdf`, pdf);
    },
  );

  app.get(
    `${base}/contract/:cc.pdf`,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The account’s service contract (owner or INVOICE:READ); 459 no contract, 854 inactive',
        params: z.object({ cc: z.string().max(40) }),
      },
    },
    async (req, reply) => {
      const pdf = await billing.contract(principalOf(req), req.params.cc, requestLanguage(req));
      return sendPdf(reply, `contrato-${req.params.cc}.pdf`, pdf);
    },
  );

  app.get(
    `${base}/verify-document/:code`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'What a document’s verification code certifies (holder masked)',
        params: z.object({ code: z.string().max(40) }),
        response: { 200: documentVerificationSchema },
      },
    },
    async (req) => documents.verify(req.params.code),
  );
};
