import { formatMoney } from '@ov/domain';
import PDFDocument from 'pdfkit';
import type { Lang } from '../../lib/language';

export const UTILITY_HEADER = 'Aguas de La Habana — Oficina Virtual';

const LABELS = {
  es: {
    receipt: 'Comprobante de pago',
    invoiceReceipt: 'Comprobante de pago de factura',
    contract: 'Contrato de servicio de acueducto y alcantarillado',
    holder: 'Titular',
    cc: 'Código de cliente',
    address: 'Dirección',
    municipality: 'Municipio',
    office: 'Oficina comercial',
    payment: 'Pago',
    method: 'Método',
    kind: 'Tipo',
    date: 'Fecha',
    invoice: 'Factura',
    period: 'Período',
    invoiced: 'Facturado',
    paid: 'Pagado',
    bonus: 'Bonificación',
    total: 'Total',
    contractNumber: 'Número de contrato',
    policy: 'Póliza',
    clientType: 'Tipo de cliente',
    nucleus: 'Personas en el núcleo',
    metered: 'Con metro contador',
    yes: 'Sí',
    no: 'No',
    issued: 'Emitido',
    verification: 'Código de verificación',
    verifyAt: 'Verifique este documento en',
  },
  en: {
    receipt: 'Payment receipt',
    invoiceReceipt: 'Invoice payment receipt',
    contract: 'Water and sewerage service contract',
    holder: 'Holder',
    cc: 'Client code',
    address: 'Address',
    municipality: 'Municipality',
    office: 'Commercial office',
    payment: 'Payment',
    method: 'Method',
    kind: 'Type',
    date: 'Date',
    invoice: 'Invoice',
    period: 'Period',
    invoiced: 'Invoiced',
    paid: 'Paid',
    bonus: 'Bonus',
    total: 'Total',
    contractNumber: 'Contract number',
    policy: 'Policy',
    clientType: 'Client type',
    nucleus: 'People in the household',
    metered: 'Metered',
    yes: 'Yes',
    no: 'No',
    issued: 'Issued',
    verification: 'Verification code',
    verifyAt: 'Verify this document at',
  },
} as const;
export type DocLabels = (typeof LABELS)[Lang];

export interface DocParty {
  holder: string;
  cc: string;
  address: string;
  municipality: string;
  commercialOffice: string;
}

export interface ReceiptLine {
  invoice: string;
  period: string;
  invoicedCents: number;
  paidCents: number;
}

export interface ReceiptDoc {
  kind: 'RECEIPT' | 'INVOICE_RECEIPT';
  party: DocParty;
  reference: string;
  method: string | null;
  paymentKind: string | null;
  date: string;
  lines: ReceiptLine[];
  bonusCents: number;
  totalCents: number;
}

export interface ContractDoc {
  party: DocParty;
  contractNumber: string;
  policy: string | null;
  clientType: string;
  nucleusPeople: number;
  metered: boolean;
}

export interface Stamp {
  code: string;
  verifyUrl: string;
  issuedAt: string;
}

type Doc = PDFKit.PDFDocument;

export function header(doc: Doc, title: string) {
  doc.font('Helvetica-Bold').fontSize(16).text(UTILITY_HEADER, { align: 'center' });
  doc.moveDown(0.3).font('Helvetica').fontSize(13).text(title, { align: 'center' });
  doc.moveDown(1).fontSize(10);
}

export function field(doc: Doc, label: string, value: string) {
  doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
}

function party(doc: Doc, l: DocLabels, p: DocParty) {
  field(doc, l.holder, p.holder);
  field(doc, l.cc, p.cc);
  // A guest's receipt (issue 30) leaves out where the holder lives: those fields come empty.
  if (p.address) field(doc, l.address, p.address);
  if (p.municipality) field(doc, l.municipality, p.municipality);
  if (p.commercialOffice) field(doc, l.office, p.commercialOffice);
  doc.moveDown();
}

function footer(doc: Doc, l: DocLabels, s: Stamp) {
  doc.moveDown(2);
  field(doc, l.issued, s.issuedAt);
  field(doc, l.verification, s.code);
  doc.font('Helvetica').fontSize(8).text(`${l.verifyAt} ${s.verifyUrl}`);
}

/** Renders into memory: documents are a few kilobytes, and a failure can still become error 460. */
export function render(title: string, build: (doc: Doc) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title, Author: UTILITY_HEADER } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      build(doc);
      doc.end();
    } catch (err) {
      reject(err);
    }
  });
}

export function renderReceipt(r: ReceiptDoc, lang: Lang, stamp: Stamp): Promise<Buffer> {
  const l = LABELS[lang];
  const title = r.kind === 'RECEIPT' ? l.receipt : l.invoiceReceipt;
  return render(title, (doc) => {
    header(doc, title);
    party(doc, l, r.party);
    field(doc, r.kind === 'RECEIPT' ? l.payment : l.invoice, r.reference);
    if (r.method) field(doc, l.method, r.method);
    if (r.paymentKind) field(doc, l.kind, r.paymentKind);
    field(doc, l.date, r.date);
    doc.moveDown();
    for (const line of r.lines) {
      doc
        .font('Helvetica')
        .text(
          `${l.invoice} ${line.invoice} · ${l.period} ${line.period} · ${l.invoiced} ${formatMoney(line.invoicedCents)} · ${l.paid} ${formatMoney(line.paidCents)}`,
        );
    }
    if (r.bonusCents) field(doc, l.bonus, formatMoney(r.bonusCents));
    doc.moveDown();
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .text(`${l.total}: ${formatMoney(r.totalCents)}`);
    doc.fontSize(10);
    footer(doc, l, stamp);
  });
}

export function renderContract(c: ContractDoc, lang: Lang, stamp: Stamp): Promise<Buffer> {
  const l = LABELS[lang];
  return render(l.contract, (doc) => {
    header(doc, l.contract);
    field(doc, l.contractNumber, c.contractNumber);
    if (c.policy) field(doc, l.policy, c.policy);
    doc.moveDown();
    party(doc, l, c.party);
    field(doc, l.clientType, c.clientType);
    field(doc, l.nucleus, String(c.nucleusPeople));
    field(doc, l.metered, c.metered ? l.yes : l.no);
    footer(doc, l, stamp);
  });
}
