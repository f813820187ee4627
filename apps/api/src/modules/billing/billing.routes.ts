import {
  accountSummarySchema,
  advanceBalanceSchema,
  associateCcBodySchema,
  ccBodySchema,
  ccDebtSchema,
  clientCodeSummarySchema,
  consumptionPointSchema,
  debtsCcsBodySchema,
  debtsInvoiceBodySchema,
  invoiceCcBodySchema,
  invoiceDetailSchema,
  invoiceSchema,
  PERMISSIONS,
  searchQuerySchema,
  totalDebtSchema,
  validateCcResponseSchema,
  validateReqBodySchema,
} from '@ov/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPage } from '../../lib/search';
import { principalOf } from '../../plugins/access';
import type { BillingService } from './billing.service';

const base = '/api/ahab-requests';
const tags = ['billing'];
/** Customers reach their own codes; staff with INVOICE:READ any code of their space (checked in the service). */
const signedIn = { access: 'authenticated' as const };
const customer = { access: 'customer' as const };

/** The billing calls of spec §7 (client codes, debts, invoices, balances). */
export const billingCallsRoutes: FastifyPluginAsyncZod<{ billing: BillingService }> = async (
  app,
  { billing },
) => {
  app.post(
    `${base}/validate-ccs`,
    {
      config: signedIn,
      schema: {
        tags,
        summary:
          'Is this client code valid (357 bad format, PAYMENTRESULT 5 unknown: “El código de cliente no existe”); holder masked for non-owners; customers: 30 codes / 15 min, 10 unknown (429 with Retry-After)',
        body: ccBodySchema,
        response: { 200: validateCcResponseSchema },
      },
    },
    async (req) => billing.validateCc(principalOf(req), req.body.cc),
  );

  app.post(
    `${base}/associate-cc`,
    {
      config: customer,
      schema: {
        tags,
        summary:
          'Associate a code with the caller, proving ownership (PAYMENTRESULT 5 unknown code, 497 taken, 499 wrong proof, 429 after 5 wrong proofs in 15 minutes, with Retry-After)',
        body: associateCcBodySchema,
        response: { 200: clientCodeSummarySchema },
      },
    },
    async (req) => billing.associate(principalOf(req), req.body.cc, req.body.proof),
  );

  app.post(
    `${base}/dissociate-cc`,
    {
      config: customer,
      schema: {
        tags,
        summary: 'Remove one of the caller’s codes (498 when not associated to the caller)',
        body: ccBodySchema,
        response: { 200: z.object({ cc: z.string(), associated: z.boolean() }) },
      },
    },
    async (req) => billing.dissociate(principalOf(req), req.body.cc),
  );

  app.post(
    `${base}/my-ccs`,
    {
      config: customer,
      schema: {
        tags,
        summary: 'The caller’s codes with holder, address, total debt and advance balance',
        body: z.object({}).optional(),
        response: { 200: z.array(clientCodeSummarySchema) },
      },
    },
    async (req) => billing.myCcs(principalOf(req)),
  );

  app.post(
    `${base}/debts-ccs`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Debt per code: the caller’s codes, or the given ones (each must be reachable)',
        body: debtsCcsBodySchema,
        response: { 200: z.array(ccDebtSchema) },
      },
    },
    async (req) => billing.debts(principalOf(req), req.body.ccs),
  );

  app.post(
    `${base}/invoice-cc`,
    {
      config: signedIn,
      schema: {
        tags,
        summary:
          'Paged invoices of one code, newest first; filters by issue date and display status; total in x-total-count',
        body: invoiceCcBodySchema,
        response: { 200: z.array(invoiceSchema) },
      },
    },
    async (req, reply) => sendPage(reply, await billing.invoices(principalOf(req), req.body)),
  );

  app.post(
    `${base}/debts-invoice`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'One invoice of a code with the payments applied to it',
        body: debtsInvoiceBodySchema,
        response: { 200: invoiceDetailSchema },
      },
    },
    async (req) => billing.invoiceDetail(principalOf(req), req.body.cc, req.body.invoiceId),
  );

  app.post(
    `${base}/advance-balance`,
    { config: signedIn, schema: { tags, body: ccBodySchema, response: { 200: advanceBalanceSchema } } },
    async (req) => billing.advanceBalance(principalOf(req), req.body.cc),
  );

  app.post(
    `${base}/total-debt`,
    { config: signedIn, schema: { tags, body: ccBodySchema, response: { 200: totalDebtSchema } } },
    async (req) => billing.totalDebt(principalOf(req), req.body.cc),
  );

  app.post(
    `${base}/account-summary`,
    {
      config: signedIn,
      schema: {
        tags,
        summary:
          'One code’s account summary (owner or INVOICE:READ): exists, active (854), of the given client type (357)',
        body: validateReqBodySchema,
        response: { 200: accountSummarySchema },
      },
    },
    async (req) => billing.validateReq(principalOf(req), req.body.cc, req.body.clientType),
  );

  app.post(
    `${base}/consumption`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Amount billed and m³ of the last 12 periods, oldest first',
        body: ccBodySchema,
        response: { 200: z.array(consumptionPointSchema) },
      },
    },
    async (req) => billing.consumption(principalOf(req), req.body.cc),
  );

  app.post(
    '/api/billing/accounts/search',
    {
      config: { access: { anyOf: [PERMISSIONS.INVOICE_READ] } },
      schema: {
        tags,
        summary: 'Staff lookup of accounts: search by exact client code or holder name; paged',
        body: searchQuerySchema,
        response: { 200: z.array(accountSummarySchema.extend({ associated: z.boolean() })) },
      },
    },
    async (req, reply) => sendPage(reply, await billing.searchAccounts(principalOf(req), req.body)),
  );
};
