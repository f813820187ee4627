import { AppError, type PaymentResultCode, type Settings } from '@ov/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { CommercialSystem } from '../billing';
import type { CodePattern } from '../settings';
import type { Gateways } from './gateways';
import type { GuestTokens } from './payments.guest-token';
import type { PaymentsRepository } from './payments.repository';

export type PaymentsConfig = Pick<
  Config,
  | 'publicUrl'
  | 'CLIENT_CODE_PATTERN'
  | 'ADVANCE_MIN_CENTS'
  | 'ADVANCE_BONUS_PERCENT'
  | 'PAYMENT_PENDING_TIMEOUT_MIN'
  | 'jwtSecret'
>;

/** What every part of the payments service works with. */
export interface PaymentsContext {
  /** The database handle lib helpers take (throttles, the notifications' live push); SQL goes through `repo`. */
  db: Db;
  /** All the SQL of payments (payments.repository.ts). */
  repo: PaymentsRepository;
  commercial: CommercialSystem;
  gateways: Gateways;
  config: PaymentsConfig;
  /** The administrator's settings in force (switches, advance minimum and bonus, pending timeout). */
  settings: { get(space: string): Promise<Settings>; codePattern: CodePattern };
  log?: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
  /** The capabilities of guests' payments (payments.guest-token.ts). */
  guestTokens: GuestTokens;
}

/** A refusal with a spec §8 payment result code: body `{name: 'PAYMENTRESULT', reference: code, message, details: {code}}`. */
export function paymentError(code: PaymentResultCode, details: Record<string, unknown> = {}) {
  return new AppError('PAYMENTRESULT', code, { code, ...details });
}

/**
 * Where the web shows a payment's outcome (the EnZona return and cancel redirect here): the advance
 * deposit page for a deposit, the invoice payment page otherwise.
 */
export function resultPage(
  paymentId: string | null,
  code: number | null,
  status?: string,
  type?: string,
  guest?: GuestTokens | null,
) {
  if (guest && paymentId) {
    const extra: Record<string, string> = {};
    if (code !== null) extra.result = String(code);
    if (status) extra.status = status;
    return guest.resultPath(paymentId, extra);
  }
  const q = new URLSearchParams();
  if (paymentId) q.set('paymentId', paymentId);
  if (code !== null) q.set('result', String(code));
  if (status) q.set('status', status);
  const page = type === 'ADELANTO' ? 'prepaid' : 'payments';
  return `/oficina_virtual/payments/${page}?${q.toString()}`;
}
