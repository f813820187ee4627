import { describe, expect, it } from 'vitest';
import { describeNotification } from './notifications';

const payment = {
  paymentId: 'p-1',
  status: 'CANCELED',
  amountCents: 860,
  cc: '2300000000001',
  method: 'ENZONA',
  type: 'CC',
  resultCode: 4,
};

describe('notifications worded in the reader’s language', () => {
  it('a payment the commercial system refused: why, and the two ways out, in words', () => {
    const params = {
      paymentId: 'p-2',
      amountCents: 485_730,
      cc: '2300000000004',
      method: 'TRANSFERMOVIL',
      reason: 'ALREADY_PAID',
    };
    const es = describeNotification('PAYMENT_POSTING_REFUSED', params, 'es');
    expect(es).toEqual({
      title: 'Pago no aplicado: elija devolución o adelanto',
      text: 'Su pago de $4,857.30 del código de cliente 2300000000004 mediante Transfermóvil no se pudo aplicar a las facturas: la factura ya se pagó en la oficina comercial. Elija si se le devuelve el dinero por Transfermóvil o si se guarda como adelanto del código.',
      link: '/payments/payment-record/p-2',
    });
    const en = describeNotification('PAYMENT_POSTING_REFUSED', params, 'en');
    expect(en?.text).toContain('the invoice was already paid at the commercial office');
    expect(`${en?.title} ${en?.text}`).not.toMatch(/ALREADY_PAID|TRANSFERMOVIL|Pago/);
  });

  it('a cancelled payment: a title, a sentence and the payment record, with no code words', () => {
    const es = describeNotification('PAYMENT_STATUS', payment, 'es');
    expect(es).toEqual({
      title: 'Pago cancelado',
      text: 'Su pago de $8.60 del código de cliente 2300000000001 mediante EnZona fue cancelado. No se le cobró nada y las facturas siguen pendientes de pago.',
      link: '/payments/payment-record/p-1',
    });
    const en = describeNotification('PAYMENT_STATUS', payment, 'en');
    expect(en?.title).toBe('Payment cancelled');
    expect(en?.text).toBe(
      'Your payment of $8.60 for client code 2300000000001 through EnZona was cancelled. You were not charged and the invoices are still to be paid.',
    );
    expect(`${en?.title} ${en?.text}`).not.toMatch(/CANCELED|Pago|código/);
  });

  it('a failed payment says why (result code), a paid advance names its bonus', () => {
    const failed = describeNotification(
      'PAYMENT_STATUS',
      { ...payment, status: 'FAILED', resultCode: 11, method: 'TRANSFERMOVIL' },
      'es',
    );
    expect(failed?.title).toBe('Pago no realizado');
    expect(failed?.text).toContain(
      'mediante Transfermóvil no se pudo completar: el código de transacción ha expirado.',
    );
    const paid = describeNotification(
      'PAYMENT_STATUS',
      { ...payment, status: 'PAYED', type: 'ADELANTO', amountCents: 15_000, bonusCents: 750, resultCode: 2 },
      'en',
    );
    expect(paid?.title).toBe('Payment received');
    expect(paid?.text).toBe(
      'Your advance payment of $150.00 for client code 2300000000001 through EnZona was received, with a bonus of $7.50. You can now download the receipt.',
    );
  });

  it('contract requests link to their lookup and say the next step; access requests give the reason', () => {
    const c = describeNotification(
      'CONTRACT_REQUEST_STATUS',
      { requestId: 'AB12-CD34', status: 'SIGNATURE_READY' },
      'es',
    );
    expect(c).toEqual({
      title: 'Contrato listo para firmar',
      text: 'Su solicitud AB12-CD34 está ahora: Lista para firmar. Acuda a su oficina comercial para firmar el contrato.',
      link: '/search?id=AB12-CD34',
    });
    const a = describeNotification(
      'ACCESS_REQUEST_DECIDED',
      { role: 'COMMERCIAL_SPECIALIST', status: 'REJECTED', reason: 'No procede' },
      'en',
    );
    expect(a).toEqual({
      title: 'Access request rejected',
      text: 'Your request for the role Commercial specialist was rejected. Reason: No procede.',
      link: null,
    });
  });

  it('a new invoice names its period as the portal shows periods and its amount, in each language', () => {
    const params = {
      cc: '0101000001',
      invoiceNumber: 'F-000123',
      periodFrom: '2026-09-01',
      periodTo: '2026-10-31',
      amountCents: 123450,
    };
    expect(describeNotification('INVOICE_ISSUED', params, 'es')).toEqual({
      title: 'Nueva factura · código de cliente 0101000001',
      text: 'Nueva factura de 01/09/2026 – 31/10/2026: $1,234.50',
      link: '/payments/payments',
    });
    expect(describeNotification('INVOICE_ISSUED', params, 'en')?.text).toBe(
      'New invoice for 09/01/2026 – 10/31/2026: $1,234.50',
    );
  });

  it('an unknown or incomplete event is left to the caller (old rows)', () => {
    expect(describeNotification(null, null, 'es')).toBeNull();
    expect(describeNotification('SOMETHING', {}, 'es')).toBeNull();
    expect(describeNotification('PAYMENT_STATUS', { status: 'PAYED' }, 'es')).toBeNull();
  });
});
