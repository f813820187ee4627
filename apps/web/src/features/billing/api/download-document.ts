import { BASE } from './keys';

export { downloadPdf } from '../../../lib/download-pdf';

export const receiptPath = (invoiceId: string) =>
  `${BASE}/invoices/${encodeURIComponent(invoiceId)}/receipt.pdf`;
export const contractPath = (cc: string) => `${BASE}/contract/${encodeURIComponent(cc)}.pdf`;
