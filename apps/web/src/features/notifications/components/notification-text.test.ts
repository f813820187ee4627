import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import '../i18n';
import type { AppNotification } from '../api/notifications-calls';
import { notificationText } from './notification-text';

const row = (over: Partial<AppNotification>): AppNotification => ({
  _id: 'n1',
  id: 'n1',
  type: 'TASK_UPDATE_STATE',
  owner: 'u1',
  payload: {},
  event: null,
  params: null,
  read: false,
  createdAt: '2026-11-25T10:00:00.000Z',
  ...over,
});

const cancelled = row({
  event: 'PAYMENT_STATUS',
  params: {
    paymentId: 'p-9',
    status: 'CANCELED',
    amountCents: 860,
    cc: '2300000000001',
    method: 'ENZONA',
    type: 'CC',
  },
  payload: { body: { status: 'CANCELED', name: 'Pago $8.60 · 2300000000001' } },
});

describe('a notification in the reader’s language', () => {
  beforeAll(() => i18next.changeLanguage('es'));

  it('words a payment from its event in Spanish and, after switching, in English, linking to the record', async () => {
    const es = notificationText(cancelled, i18next.t, 'es');
    expect(es.title).toBe('Pago cancelado');
    expect(es.text).toContain(
      'Su pago de $8.60 del código de cliente 2300000000001 mediante EnZona fue cancelado.',
    );
    expect(es.link).toBe('/payments/payment-record/p-9');
    await i18next.changeLanguage('en');
    const en = notificationText(cancelled, i18next.t, 'en');
    expect(en.title).toBe('Payment cancelled');
    expect(`${en.title} ${en.text}`).not.toMatch(/Pago|CANCELED|código/);
    await i18next.changeLanguage('es');
  });

  it('an old row without an event still shows its status in words, never the code word', async () => {
    const old = row({ payload: { body: { status: 'CANCELED', name: 'Solicitud 12' } } });
    expect(notificationText(old, i18next.t, 'es')).toEqual({
      title: 'Cambio de estado',
      text: 'Solicitud 12: Cancelado',
      link: null,
    });
    await i18next.changeLanguage('en');
    expect(notificationText(old, i18next.t, 'en').text).toBe('Solicitud 12: Cancelled');
    await i18next.changeLanguage('es');
  });
});
