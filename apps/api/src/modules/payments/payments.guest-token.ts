import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The capability a guest's payment is followed with (its status, its receipt): an HMAC of the
 * payment's id under the installation's secret. Unguessable without the secret, checked in constant
 * time, nothing stored; it is handed out only at creation, on the gateway's return and in the
 * receipt e-mail.
 */
export function createGuestTokens(secret: string) {
  const key = createHmac('sha256', secret).update('guest-payment-receipt').digest();
  const sign = (paymentId: string) =>
    createHmac('sha256', key).update(paymentId).digest().subarray(0, 24).toString('base64url');
  return {
    sign,
    verify(paymentId: string, token: string): boolean {
      const want = Buffer.from(sign(paymentId));
      const got = Buffer.from(token);
      return want.length === got.length && timingSafeEqual(want, got);
    },
    /** Where the web shows a guest's payment (the result page), with its capability. */
    resultPath(paymentId: string, extra: Record<string, string> = {}) {
      const q = new URLSearchParams({ paymentId, token: sign(paymentId), ...extra });
      return `/oficina_virtual/pagar/resultado?${q.toString()}`;
    },
  };
}
export type GuestTokens = ReturnType<typeof createGuestTokens>;
