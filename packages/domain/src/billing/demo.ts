/**
 * Client codes of the demo ledger (loaded on first start when demo data is on), with the ownership
 * proof each one accepts. The README and the browser tests use these.
 */
export const DEMO_LINKED_CODES = [
  {
    email: 'maria.perez@example.cu',
    cc: '2300000000001',
    contractNumber: 'CT-2019-000101',
    note: 'debt, one invoice Pago Parcial',
  },
  {
    email: 'maria.perez@example.cu',
    cc: '2300000000002',
    contractNumber: 'CT-2020-000102',
    note: 'debt and Conveniada invoices',
  },
  {
    email: 'jose.fernandez@example.cu',
    cc: '2300000000003',
    contractNumber: 'CT-2018-000103',
    note: 'fully paid, advance balance',
  },
  {
    email: 'hotel.nacional@example.cu',
    cc: '2300000000004',
    contractNumber: 'CT-2015-000104',
    note: 'big client with debt',
  },
  {
    email: 'escuela.marti@example.cu',
    cc: '2300000000005',
    contractNumber: 'CT-2016-000105',
    note: 'state, one invoice Procesando',
  },
] as const;

/** Not associated with anyone: a tester adds them with the contract number (or a recent invoice number). */
export const DEMO_UNLINKED_CODES = [
  { cc: '2300000000006', contractNumber: 'CT-2021-000106', holder: 'Roberto Gómez Alfonso', note: 'debt' },
  { cc: '2300000000007', contractNumber: 'CT-2022-000107', holder: 'Yamilé Ortiz Cruz', note: 'fully paid' },
  {
    cc: '2300000000008',
    contractNumber: 'CT-2017-000108',
    holder: 'Alberto Sánchez Rey',
    note: 'debt, Conveniada',
  },
  {
    cc: '2300000000009',
    contractNumber: null,
    holder: 'Caridad Valdés Mora',
    note: 'no contract on file: prove with invoice 230000000000912',
  },
  {
    cc: '2300000000010',
    contractNumber: 'CT-2014-000110',
    holder: 'Ramón Iglesias Paz',
    note: 'inactive account',
  },
] as const;

/** Invoice numbers of the demo ledger: the code followed by the two-digit period (01 oldest … 12 newest). */
export function demoInvoiceNumber(cc: string, period: number): string {
  return `${cc}${String(period).padStart(2, '0')}`;
}
