import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONTRACT_PATH } from './contract-path';

// biome-ignore lint/suspicious/noExplicitAny: a parsed YAML document
type Obj = Record<string, any>;

const doc = parse(readFileSync(CONTRACT_PATH, 'utf8')) as Obj;
const schema = (name: string) => doc.components.schemas[name] as Obj;

/** Every `$ref` in the document. */
function refs(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const n of node) refs(n, out);
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) k === '$ref' ? out.push(v as string) : refs(v, out);
  return out;
}

describe('the contract document (DESIGN.md §7)', () => {
  it('is OpenAPI 3.1 with bearer auth on every operation and every $ref resolving', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.security).toEqual([{ bearer: [] }]);
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const ref of refs(doc)) {
      const target = ref
        .replace(/^#\//, '')
        .split('/')
        .reduce<Obj | undefined>((o, k) => o?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
      expect(target, ref).toBeDefined();
    }
    const ops = Object.values(doc.paths as Obj).flatMap((p) => Object.values(p as Obj)) as Obj[];
    expect(new Set(ops.map((o) => o.operationId)).size).toBe(ops.length);
    for (const op of ops) expect(op.responses['401'], op.operationId).toBeDefined();
  });

  it('has exactly the paths of §7', () => {
    const paths = Object.entries(doc.paths as Obj).flatMap(([p, ops]) =>
      Object.keys(ops as Obj).map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(paths.sort()).toEqual(
      [
        'GET /v1/accounts/{cc}',
        'POST /v1/accounts/lookup',
        'GET /v1/accounts/{cc}/invoices',
        'GET /v1/accounts/{cc}/invoices/{invoiceNumber}',
        'POST /v1/payments',
        'GET /v1/changes',
        'POST /v1/accounts',
      ].sort(),
    );
    for (const p of ['/v1/payments', '/v1/accounts'])
      expect(doc.paths[p].post.parameters).toEqual([{ $ref: '#/components/parameters/idempotencyKey' }]);
    expect(doc.components.parameters.idempotencyKey).toMatchObject({
      name: 'Idempotency-Key',
      in: 'header',
      required: true,
    });
  });

  it('keeps the shapes of §7', () => {
    expect(schema('Account').required).toEqual([
      'cc',
      'clientType',
      'holderName',
      'address',
      'municipality',
      'policy',
      'contractNumber',
      'active',
      'officeId',
      'advanceBalanceCents',
      'debtCents',
      'openInvoiceCount',
    ]);
    expect(schema('Invoice').required).toEqual([
      'invoiceNumber',
      'issuedAt',
      'periodFrom',
      'periodTo',
      'amountCents',
      'paidCents',
      'dueCents',
      'status',
    ]);
    expect(schema('Invoice').properties.status.enum).toEqual(['OPEN', 'PARTIAL', 'PAID', 'AGREED']);
    expect(schema('InvoicePage').required).toEqual(['rows', 'total']);
    expect(schema('Payment').required).toEqual([
      'paymentId',
      'cc',
      'type',
      'method',
      'gatewayReference',
      'paidAt',
      'amountCents',
      'bonusCents',
      'invoices',
    ]);
    expect(schema('Payment').properties.type.enum).toEqual(['CC', 'ADELANTO']);
    expect(schema('Payment').properties.method.enum).toEqual(['ENZONA', 'TRANSFERMOVIL']);
    expect(schema('Payment').properties.invoices.items.required).toEqual(['invoiceNumber', 'amountCents']);
    expect(schema('Posting').required).toEqual(['postingId']);
    expect(schema('Refusal').properties.reason.enum).toEqual([
      'ALREADY_PAID',
      'AMOUNT_MISMATCH',
      'AGREED',
      'UNKNOWN_INVOICE',
      'ACCOUNT_INACTIVE',
    ]);
    expect(schema('ChangePage').required).toEqual(['events', 'next']);
    expect(schema('ChangeEvent').required).toEqual(['cursor', 'type', 'cc', 'at']);
    expect(Object.keys(schema('ChangeEvent').properties)).toEqual([
      'cursor',
      'type',
      'cc',
      'invoiceNumber',
      'at',
    ]);
    expect(schema('ChangeEvent').properties.type.enum).toEqual([
      'INVOICE_ISSUED',
      'INVOICE_CHANGED',
      'PAYMENT_RECORDED',
      'ACCOUNT_CHANGED',
    ]);
    expect(schema('NewAccount').required).toEqual([
      'requestId',
      'sector',
      'holderName',
      'nationalId',
      'address',
      'municipality',
      'contractNumber',
      'policy',
    ]);
    expect(schema('CreatedAccount').required).toEqual(['cc']);
    const lookup = doc.paths['/v1/accounts/lookup'].post.requestBody.content['application/json'].schema;
    expect(lookup.properties.ccs.maxItems).toBe(100);
    const changes = doc.paths['/v1/changes'].get.parameters.map((p: Obj) => p.name);
    expect(changes).toEqual(['after', 'limit']);
    const invoices = doc.paths['/v1/accounts/{cc}/invoices'].get.parameters.map((p: Obj) => p.name ?? p.$ref);
    expect(invoices).toEqual(['#/components/parameters/cc', 'status', 'page', 'size']);
    for (const [name, s] of Object.entries(doc.components.schemas as Obj))
      if (name.endsWith('Cents') || name === 'Cents') expect((s as Obj).type).toBe('integer');
    expect(schema('Timestamp')).toMatchObject({ type: 'string', format: 'date-time' });
  });
});
