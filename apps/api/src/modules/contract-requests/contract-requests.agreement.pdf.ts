import type { Lang } from '../../lib/language';
import { field, header, render, UTILITY_HEADER } from '../billing';
import { signatureBlocks } from './contract-requests.pdf';

export interface AgreementPdf {
  requestId: string;
  clientCode: string;
  holder: string;
  address: string;
  invoices: { number: string; issuedOn: string; amount: string }[];
  total: string;
  schedule: { n: number; of: number; dueOn: string; amount: string }[];
  date: string;
  verificationCode: string;
  verifyUrl: string;
}

const L = {
  es: {
    title: 'Convenio de pago',
    requestId: 'Solicitud',
    parties: 'Partes',
    company: 'LA EMPRESA',
    client: 'EL CLIENTE',
    cc: 'Código de cliente',
    address: 'Dirección',
    invoices: 'Facturas que comprende',
    invoice: (n: string, on: string, a: string) => `Factura ${n} del ${on}: ${a}`,
    total: 'Deuda convenida',
    schedule: 'Calendario de pagos',
    item: (n: number, of: number) => (n === 0 ? 'Pago inicial' : `Cuota ${n} de ${of}`),
    due: 'vence el',
    clauses: [
      'EL CLIENTE pagará la deuda convenida según el calendario anterior, en línea desde la Oficina Virtual o en la oficina comercial.',
      'Mientras dure el convenio, las facturas que comprende quedan conveniadas y no se pagan por separado.',
      'Pagadas todas las cuotas, las facturas que comprende se tienen por pagadas.',
    ],
    date: 'Fecha de aprobación',
    signCompany: 'Por LA EMPRESA',
    signClient: 'EL CLIENTE',
    verification: 'Código de verificación',
    verifyAt: 'Compruebe este documento en',
  },
  en: {
    title: 'Payment agreement',
    requestId: 'Request',
    parties: 'Parties',
    company: 'THE COMPANY',
    client: 'THE CLIENT',
    cc: 'Client code',
    address: 'Address',
    invoices: 'Invoices it covers',
    invoice: (n: string, on: string, a: string) => `Invoice ${n} of ${on}: ${a}`,
    total: 'Agreed debt',
    schedule: 'Payment schedule',
    item: (n: number, of: number) => (n === 0 ? 'Down payment' : `Instalment ${n} of ${of}`),
    due: 'due on',
    clauses: [
      'THE CLIENT shall pay the agreed debt on the schedule above, online from the Virtual Office or at the commercial office.',
      'While the agreement lasts, the invoices it covers are agreed and are not paid separately.',
      'Once every instalment is paid, the invoices it covers are deemed paid.',
    ],
    date: 'Approved on',
    signCompany: 'For THE COMPANY',
    signClient: 'THE CLIENT',
    verification: 'Verification code',
    verifyAt: 'Check this document at',
  },
} as const;

/** The agreement document: parties, invoices, schedule, signature blocks and verification code. */
export function renderAgreement(a: AgreementPdf, lang: Lang): Promise<Buffer> {
  const l = L[lang];
  return render(l.title, (doc) => {
    header(doc, l.title);
    field(doc, l.requestId, a.requestId);
    field(doc, l.cc, a.clientCode);
    doc.moveDown();
    doc.font('Helvetica-Bold').fontSize(11).text(l.parties).fontSize(10);
    field(doc, l.company, UTILITY_HEADER.split(' — ')[0]);
    field(doc, l.client, a.holder);
    field(doc, l.address, a.address);
    doc.moveDown();
    doc.font('Helvetica-Bold').fontSize(11).text(l.invoices).fontSize(10).font('Helvetica');
    for (const i of a.invoices) doc.text(`• ${l.invoice(i.number, i.issuedOn, i.amount)}`);
    field(doc, l.total, a.total);
    doc.moveDown();
    doc.font('Helvetica-Bold').fontSize(11).text(l.schedule).fontSize(10).font('Helvetica');
    for (const s of a.schedule) doc.text(`• ${l.item(s.n, s.of)} — ${s.amount}, ${l.due} ${s.dueOn}`);
    doc.moveDown();
    l.clauses.forEach((clause, i) => {
      doc.moveDown(0.3).text(`${i + 1}. ${clause}`, { align: 'justify' });
    });
    doc.moveDown();
    field(doc, l.date, a.date);
    signatureBlocks(doc, l.signCompany, l.signClient, UTILITY_HEADER.split(' — ')[0], a.holder);
    field(doc, l.verification, a.verificationCode);
    doc.font('Helvetica').fontSize(8).text(`${l.verifyAt} ${a.verifyUrl}`);
  });
}
