import { randomUUID } from 'node:crypto';
import { DEMO_LINKED_CODES, demoAccounts, type GenResult } from '@ov/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../client';
import {
  accounts,
  advanceBalances,
  clientCodeLinks,
  invoices,
  ledgerPaymentInvoices,
  ledgerPayments,
  paymentAgreements,
  users,
} from '../schema';
import { DEFAULT_SPACE } from './base';

export { DEMO_ACCOUNTS, DEMO_LINKED_CODES, DEMO_UNLINKED_CODES } from '@ov/domain';

const METHODS = ['ENZONA', 'TRANSFERMOVIL', 'OFICINA_COMERCIAL'] as const;

async function insertResults(tx: Tx, results: GenResult[]) {
  await tx.insert(accounts).values(results.map((r) => ({ ...r.account, space: DEFAULT_SPACE })));
  for (const r of results) {
    const rows = await tx
      .insert(invoices)
      .values(r.invoices.map((i) => ({ ...i, cc: r.account.cc })))
      .returning({
        id: invoices.id,
        status: invoices.status,
        invoicedCents: invoices.invoicedCents,
        issuedOn: invoices.issuedOn,
      });
    const paid = rows.filter((i) => i.status === 'PAID');
    if (paid.length) {
      const pays = paid.map((i, k) => ({
        paymentId: randomUUID(),
        cc: r.account.cc,
        amountCents: i.invoicedCents,
        method: METHODS[k % METHODS.length],
        kind: 'CC',
        appliedAt: new Date(`${i.issuedOn}T15:00:00Z`),
        invoiceId: i.id,
      }));
      await tx.insert(ledgerPayments).values(pays.map(({ invoiceId: _i, ...p }) => p));
      await tx
        .insert(ledgerPaymentInvoices)
        .values(
          pays.map((p) => ({ paymentId: p.paymentId, invoiceId: p.invoiceId, amountCents: p.amountCents })),
        );
    }
    const agreed = rows.filter((i) => i.status === 'AGREED');
    if (agreed.length)
      await tx.insert(paymentAgreements).values({
        cc: r.account.cc,
        invoiceIds: agreed.map((i) => i.id),
        amountCents: agreed.reduce((s, i) => s + i.invoicedCents, 0),
      });
    if (r.advanceCents)
      await tx.insert(advanceBalances).values({ cc: r.account.cc, balanceCents: r.advanceCents });
    if (r.profile === 'processing') {
      // A payment that never came back: shows "Procesando" until the payments side releases it.
      const last = rows.filter((i) => i.status === 'PENDING').at(-1);
      if (last)
        await tx.update(invoices).set({ inFlightPaymentId: randomUUID() }).where(eq(invoices.id, last.id));
    }
  }
}

/**
 * The demo ledger: 300 accounts with two years of bimonthly invoices, and the demo customers' links.
 * `ledger: false` (the portal in front of a commercial system over HTTP, whose demo accounts are the
 * same documented codes): only the links and the linked codes' directory rows (no invoice, no balance).
 */
export async function seedBillingDemo(db: Db, today = new Date(), opts: { ledger?: boolean } = {}) {
  await db.transaction(async (tx) => {
    const results = demoAccounts(today);
    if (opts.ledger !== false) await insertResults(tx, results);
    else {
      // The accounts are the commercial system's; the portal's directory knows the codes its demo
      // customers hold (their links need the row; the HTTP adapter keeps it current).
      const linked = new Set<string>(DEMO_LINKED_CODES.map((c) => c.cc));
      await tx
        .insert(accounts)
        .values(
          results
            .filter((r) => linked.has(r.account.cc))
            .map((r) => ({ ...r.account, space: DEFAULT_SPACE })),
        );
    }
    const emails = [...new Set(DEMO_LINKED_CODES.map((c) => c.email))];
    const found = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.space, DEFAULT_SPACE), inArray(users.email, emails)));
    const idOf = new Map(found.map((u) => [u.email, u.id]));
    const links = DEMO_LINKED_CODES.flatMap((c) => {
      const userId = idOf.get(c.email);
      return userId ? [{ userId, cc: c.cc, space: DEFAULT_SPACE }] : [];
    });
    if (links.length) await tx.insert(clientCodeLinks).values(links);
  });
}
