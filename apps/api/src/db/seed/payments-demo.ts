import { randomUUID } from 'node:crypto';
import { advanceBonusCents, DEMO_LINKED_CODES, DEMO_UNLINKED_CODES, ROLE_NAMES } from '@ov/domain';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords';
import type { Db, Tx } from '../client';
import {
  accounts,
  advanceBalances,
  clientCodeLinks,
  invoices,
  ledgerPaymentInvoices,
  ledgerPayments,
  paymentRequests,
  roles,
  userRoles,
  users,
} from '../schema';
import { DEFAULT_SPACE } from './base';
import { DEMO_PASSWORD } from './demo';

const DAY = 86_400_000;
const MINUTE = 60_000;
const ONLINE = ['ENZONA', 'TRANSFERMOVIL'] as const;
/** One generated account in this many gets a customer who pays online. */
const CUSTOMER_EVERY = 3;
const PENDING_TIMEOUT_MIN = 30;
const DEMO_BONUS_PERCENT = 5;

type PaymentRow = typeof paymentRequests.$inferInsert;

/** Deterministic 0 ≤ x < 1 from a string: the demo looks the same on every fresh start. */
function unit(key: string): number {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  return ((h >>> 0) % 10_000) / 10_000;
}

function gatewayFields(id: string, method: string) {
  const hex = id.replace(/-/g, '');
  return {
    externalId: `ov${hex}`,
    gatewayRef: method === 'ENZONA' ? randomUUID() : String(parseInt(hex.slice(0, 12), 16)),
  };
}

/**
 * Two years of online payments, so the dashboard and the customers' records show real shapes on the
 * first start, consistent with the ledger: every ledger payment made through EnZona or Transfermóvil on a
 * code that has a customer IS that customer's PAYED payment (same id, amount, invoices and moment); around
 * them the attempts that changed nothing (cancelled by the payer, failed, expired); the advance balances
 * are deposits that earned the bonus; and the invoice shown "Procesando" is held by a real pending
 * payment, which reconciliation settles or expires like any other.
 */
export async function seedPaymentsDemo(db: Db, now = new Date()) {
  const hash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    // Customers pay within the two months after the bill is issued, never in the future.
    await tx.execute(sql`update ${ledgerPayments} set applied_at = least(
      applied_at + make_interval(days => abs(hashtext(payment_id::text)) % 55, mins => abs(hashtext(cc)) % 480),
      ${now}::timestamptz - interval '2 hours')`);
    await addCustomers(tx, hash, now);
    const linked = await tx
      .select({ userId: clientCodeLinks.userId, cc: clientCodeLinks.cc })
      .from(clientCodeLinks)
      .where(eq(clientCodeLinks.space, DEFAULT_SPACE));
    const ownerOf = new Map(linked.map((l) => [l.cc, l.userId]));
    const codes = [...ownerOf.keys()];
    if (!codes.length) return;

    const rows: PaymentRow[] = [
      ...(await paidFromLedger(tx, ownerOf, codes)),
      ...(await advanceDeposits(tx, ownerOf, codes, now)),
      ...(await processingHolds(tx, ownerOf, codes, now)),
    ];
    for (let i = 0; i < rows.length; i += 500)
      await tx.insert(paymentRequests).values(rows.slice(i, i + 500));
    // A code nobody pays online for has no payment in flight: its invoices are plainly pending.
    await tx.execute(sql`update ${invoices} set in_flight_payment_id = null where in_flight_payment_id is not null
      and not exists (select 1 from ${paymentRequests} p where p.id = ${invoices}.in_flight_payment_id)`);

    // Customers registered before their first online payment.
    await tx.execute(sql`update ${users} u set created_at = least(u.created_at, first.at - interval '9 days')
      from (select user_id, min(created_at) as at from ${paymentRequests} group by user_id) first
      where first.user_id = u.id`);
  });
}

/** A customer for one generated account in three (the documented codes keep their own people). */
async function addCustomers(tx: Tx, hash: string, now: Date) {
  const documented: string[] = [...DEMO_LINKED_CODES, ...DEMO_UNLINKED_CODES].map((c) => c.cc);
  const [role] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.space, DEFAULT_SPACE), eq(roles.name, ROLE_NAMES.USER)));
  const candidates = await tx
    .select({
      cc: accounts.cc,
      holderName: accounts.holderName,
      clientType: accounts.clientType,
      municipality: accounts.municipality,
    })
    .from(accounts)
    .where(and(eq(accounts.space, DEFAULT_SPACE), eq(accounts.active, true)))
    .orderBy(accounts.cc);
  const chosen = candidates.filter((a, k) => !documented.includes(a.cc) && k % CUSTOMER_EVERY === 0);
  if (!chosen.length) return;
  const created = await tx
    .insert(users)
    .values(
      chosen.map((a) => {
        const words = a.holderName.split(' ');
        const split = a.clientType === 'RESIDENTIAL' && words.length > 2 ? words.length - 2 : words.length;
        return {
          space: DEFAULT_SPACE,
          // The whole code: generated codes are random, so two could share their last digits.
          email: `cliente.${a.cc}@example.cu`,
          firstName: words.slice(0, split).join(' '),
          lastName: words.slice(split).join(' ') || null,
          clientType: a.clientType,
          municipality: a.municipality,
          passwordHash: hash,
          status: 'ACTIVE',
          verified: true,
          onboardingCompleted: true,
          createdAt: new Date(now.getTime() - Math.floor(unit(a.cc) * 700) * DAY - 30 * DAY),
        };
      }),
    )
    .returning({ id: users.id, email: users.email });
  const idOf = new Map(created.map((u) => [u.email, u.id]));
  const pairs = chosen.map((a) => ({
    cc: a.cc,
    userId: idOf.get(`cliente.${a.cc}@example.cu`) as string,
  }));
  if (role) await tx.insert(userRoles).values(pairs.map((p) => ({ userId: p.userId, roleId: role.id })));
  await tx.insert(clientCodeLinks).values(pairs.map((p) => ({ ...p, space: DEFAULT_SPACE })));
}

/** The ledger's online payments of codes with a customer, and the failed tries before some of them. */
async function paidFromLedger(tx: Tx, ownerOf: Map<string, string>, codes: string[]) {
  const paid = await tx
    .select({
      paymentId: ledgerPayments.paymentId,
      cc: ledgerPayments.cc,
      amountCents: ledgerPayments.amountCents,
      method: ledgerPayments.method,
      appliedAt: ledgerPayments.appliedAt,
      invoiceIds: sql<string[]>`array_agg(${ledgerPaymentInvoices.invoiceId}::text)`,
    })
    .from(ledgerPayments)
    .innerJoin(ledgerPaymentInvoices, eq(ledgerPaymentInvoices.paymentId, ledgerPayments.paymentId))
    .where(
      and(
        inArray(ledgerPayments.cc, codes),
        inArray(ledgerPayments.method, [...ONLINE]),
        eq(ledgerPayments.kind, 'CC'),
      ),
    )
    .groupBy(
      ledgerPayments.paymentId,
      ledgerPayments.cc,
      ledgerPayments.amountCents,
      ledgerPayments.method,
      ledgerPayments.appliedAt,
    );

  const rows: PaymentRow[] = [];
  for (const p of paid) {
    const userId = ownerOf.get(p.cc) as string;
    const settledAt = p.appliedAt;
    const createdAt = new Date(settledAt.getTime() - (2 + Math.floor(unit(p.paymentId) * 6)) * MINUTE);
    rows.push({
      id: p.paymentId,
      space: DEFAULT_SPACE,
      userId,
      cc: p.cc,
      type: 'CC',
      method: p.method,
      status: 'PAYED',
      amountCents: p.amountCents,
      invoiceIds: p.invoiceIds,
      ...gatewayFields(p.paymentId, p.method),
      resultCode: 2,
      expiresAt: new Date(createdAt.getTime() + PENDING_TIMEOUT_MIN * MINUTE),
      settledAt,
      createdAt,
      updatedAt: settledAt,
    });
    // One try in four went wrong first: cancelled by the payer, refused, or left to expire.
    const chance = unit(`${p.paymentId}:try`);
    if (chance >= 0.25) continue;
    const [status, resultCode, minutesBefore] =
      chance < 0.12
        ? (['CANCELED', 4, 15] as const)
        : chance < 0.19
          ? (['FAILED', 4, 25] as const)
          : (['FAILED', 11, 95] as const);
    const id = randomUUID();
    const triedAt = new Date(createdAt.getTime() - minutesBefore * MINUTE);
    const endedAt = new Date(triedAt.getTime() + (resultCode === 11 ? PENDING_TIMEOUT_MIN + 2 : 3) * MINUTE);
    const method =
      chance < 0.06 ? ONLINE[(ONLINE.indexOf(p.method as (typeof ONLINE)[number]) + 1) % 2] : p.method;
    rows.push({
      id,
      space: DEFAULT_SPACE,
      userId,
      cc: p.cc,
      type: 'CC',
      method,
      status,
      amountCents: p.amountCents,
      invoiceIds: p.invoiceIds,
      ...gatewayFields(id, method),
      resultCode,
      expiresAt: new Date(triedAt.getTime() + PENDING_TIMEOUT_MIN * MINUTE),
      settledAt: endedAt,
      createdAt: triedAt,
      updatedAt: endedAt,
    });
  }
  return rows;
}

/** Each advance balance of a code with a customer is a deposit made online, bonus included. */
async function advanceDeposits(tx: Tx, ownerOf: Map<string, string>, codes: string[], now: Date) {
  const balances = await tx
    .select({ cc: advanceBalances.cc, balanceCents: advanceBalances.balanceCents })
    .from(advanceBalances)
    .where(inArray(advanceBalances.cc, codes));
  const rows: PaymentRow[] = [];
  for (const b of balances) {
    // amount + floor(amount × 5 %) = balance, in whole pesos as the advance form asks.
    const amountCents = Math.floor(b.balanceCents / (1 + DEMO_BONUS_PERCENT / 100) / 100) * 100;
    const bonusCents = advanceBonusCents(amountCents, DEMO_BONUS_PERCENT);
    if (amountCents <= 0) continue;
    const id = randomUUID();
    const method = unit(b.cc) < 0.5 ? 'ENZONA' : 'TRANSFERMOVIL';
    const createdAt = new Date(now.getTime() - (20 + Math.floor(unit(`${b.cc}:adv`) * 40)) * DAY);
    const settledAt = new Date(createdAt.getTime() + 3 * MINUTE);
    rows.push({
      id,
      space: DEFAULT_SPACE,
      userId: ownerOf.get(b.cc) as string,
      cc: b.cc,
      type: 'ADELANTO',
      method,
      status: 'PAYED',
      amountCents,
      bonusCents,
      bonusPercent: DEMO_BONUS_PERCENT,
      ...gatewayFields(id, method),
      resultCode: 2,
      expiresAt: new Date(createdAt.getTime() + PENDING_TIMEOUT_MIN * MINUTE),
      settledAt,
      createdAt,
      updatedAt: settledAt,
    });
    await tx.insert(ledgerPayments).values({
      paymentId: id,
      cc: b.cc,
      amountCents,
      bonusCents,
      method,
      kind: 'ADELANTO',
      appliedAt: settledAt,
    });
    // What was credited is what the deposit and its bonus add up to.
    await tx
      .update(advanceBalances)
      .set({ balanceCents: amountCents + bonusCents, updatedAt: settledAt })
      .where(eq(advanceBalances.cc, b.cc));
  }
  return rows;
}

/** The payment behind each invoice shown "Procesando": started minutes ago, not yet confirmed. */
async function processingHolds(tx: Tx, ownerOf: Map<string, string>, codes: string[], now: Date) {
  const held = await tx
    .select({
      id: invoices.id,
      cc: invoices.cc,
      paymentId: invoices.inFlightPaymentId,
      dueCents: sql<number>`(${invoices.invoicedCents} - ${invoices.paidCents})::bigint`.mapWith(Number),
    })
    .from(invoices)
    .where(and(inArray(invoices.cc, codes), isNotNull(invoices.inFlightPaymentId)));
  const rows: PaymentRow[] = [];
  for (const h of held) {
    const id = h.paymentId as string;
    const createdAt = new Date(now.getTime() - 5 * MINUTE);
    rows.push({
      id,
      space: DEFAULT_SPACE,
      userId: ownerOf.get(h.cc) as string,
      cc: h.cc,
      type: 'CC',
      method: 'TRANSFERMOVIL',
      status: 'PENDING',
      amountCents: h.dueCents,
      invoiceIds: [h.id],
      ...gatewayFields(id, 'TRANSFERMOVIL'),
      expiresAt: new Date(createdAt.getTime() + PENDING_TIMEOUT_MIN * MINUTE),
      createdAt,
      updatedAt: createdAt,
    });
  }
  return rows;
}
