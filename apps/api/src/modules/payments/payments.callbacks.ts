import { paymentResult } from '@ov/domain';
import { GatewayError, type NotificationHeaders, transfermovilAck } from './gateways';
import { type PaymentsContext, resultPage } from './payments.context';
import { syncWithGateway } from './payments.sync';

const WRONG_TRANSACTION = paymentResult(6)!.es;

/** A guest's payment returns to the guest's result page, with its capability (no session to follow it). */
const guestOf = (ctx: PaymentsContext, p: { userId: string | null }) =>
  p.userId === null ? ctx.guestTokens : null;

/**
 * The payer's browser back from EnZona (return_url or cancel_url). It proves nothing by itself: the
 * payment is looked up by the transaction, then the gateway is asked server to server. Answers where
 * to send the browser (the web's payments page with the result code).
 */
export async function enzonaReturn(
  ctx: PaymentsContext,
  query: Record<string, unknown>,
  kind: 'return' | 'cancel',
): Promise<string> {
  const source = kind === 'return' ? 'ENZONA_RETURN' : 'ENZONA_CANCEL';
  const gw = ctx.gateways.get('ENZONA');
  let ref: string;
  try {
    if (!gw) throw new GatewayError('INVALID_NOTIFICATION', 'EnZona is not enabled');
    ref = gw.verifyNotification({}, query).gatewayRef;
  } catch {
    await ctx.repo.logRefused(
      {
        method: 'ENZONA',
        source,
        outcome: 'INVALID',
        resultCode: 6,
        payload: query,
      },
      ctx.log,
    );
    return resultPage(null, 6);
  }
  const p = await ctx.repo.byGatewayRef('ENZONA', ref);
  if (!p) {
    await ctx.repo.logRefused(
      {
        method: 'ENZONA',
        source,
        outcome: 'UNKNOWN_ORDER',
        resultCode: 6,
        payload: query,
      },
      ctx.log,
    );
    return resultPage(null, 6);
  }
  if (p.status !== 'PENDING') {
    await ctx.repo.logEvent({
      paymentId: p.id,
      method: p.method,
      source,
      outcome: 'DUPLICATE',
      resultCode: p.resultCode,
      payload: query,
    });
    return resultPage(p.id, p.resultCode, p.status, p.type, guestOf(ctx, p));
  }
  try {
    const after = await syncWithGateway(ctx, p, { source, payload: query });
    return resultPage(after.id, after.resultCode, after.status, after.type, guestOf(ctx, after));
  } catch (err) {
    // The gateway is down: the payment stays PENDING, the page keeps polling and reconciliation settles it.
    ctx.log?.warn({ err, paymentId: p.id }, 'EnZona return: gateway query failed');
    await ctx.repo.logEvent({
      paymentId: p.id,
      method: p.method,
      source,
      outcome: 'ERROR',
      payload: query,
    });
    return resultPage(p.id, null, 'PENDING', p.type, guestOf(ctx, p));
  }
}

export interface TmAnswer {
  status: number;
  body: { Success: boolean; Resultmsg: string; Status: number };
}

/**
 * Transfermóvil's notification: credential headers checked, the order looked up by ExternalId, then
 * re-queried at the gateway before anything is settled. Acknowledged once handled (duplicates too);
 * refused (401) with bad credentials; an unknown order is result code 6 and is not acknowledged; a
 * gateway that cannot be asked gets a 503 so the bank retries.
 */
export async function transfermovilNotify(
  ctx: PaymentsContext,
  headers: NotificationHeaders,
  body: unknown,
): Promise<TmAnswer> {
  const gw = ctx.gateways.get('TRANSFERMOVIL');
  const refuse = (status: number, msg: string) => ({
    status,
    body: { Success: false, Resultmsg: msg, Status: 0 },
  });
  if (!gw) return refuse(404, 'Transfermóvil no está habilitado');
  let externalId: string;
  try {
    externalId = gw.verifyNotification(headers, body).externalId!;
  } catch {
    await ctx.repo.logRefused(
      {
        method: 'TRANSFERMOVIL',
        source: 'TM_NOTIFY',
        outcome: 'INVALID',
        payload: body,
      },
      ctx.log,
    );
    return refuse(401, 'Credenciales no válidas');
  }
  const p = await ctx.repo.byExternalId(externalId);
  if (!p || p.method !== 'TRANSFERMOVIL') {
    await ctx.repo.logRefused(
      {
        method: 'TRANSFERMOVIL',
        source: 'TM_NOTIFY',
        outcome: 'UNKNOWN_ORDER',
        resultCode: 6,
        payload: body,
      },
      ctx.log,
    );
    return refuse(200, WRONG_TRANSACTION);
  }
  if (p.status !== 'PENDING') {
    await ctx.repo.logEvent({
      paymentId: p.id,
      method: p.method,
      source: 'TM_NOTIFY',
      outcome: 'DUPLICATE',
      resultCode: p.resultCode,
      payload: body,
    });
    return { status: 200, body: transfermovilAck('OK') };
  }
  try {
    await syncWithGateway(ctx, p, { source: 'TM_NOTIFY', payload: body });
  } catch (err) {
    ctx.log?.warn({ err, paymentId: p.id }, 'Transfermóvil notification: gateway query failed');
    await ctx.repo.logEvent({
      paymentId: p.id,
      method: p.method,
      source: 'TM_NOTIFY',
      outcome: 'ERROR',
      payload: body,
    });
    return refuse(503, 'No se pudo verificar la orden, reintente');
  }
  return { status: 200, body: transfermovilAck('OK') };
}
