import { randomUUID } from 'node:crypto';
import {
  billingPeriods,
  DEMO_LINKED_CODES,
  DEMO_UNLINKED_CODES,
  type GenAccount,
  type GenResult,
  generateAccount,
  type Profile,
} from '@ov/domain';
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

export { DEMO_LINKED_CODES, DEMO_UNLINKED_CODES } from '@ov/domain';

/** Demo accounts in total (the documented ones first, then generated ones across the 15 municipalities). */
export const DEMO_ACCOUNTS = 300;
const METHODS = ['ENZONA', 'TRANSFERMOVIL', 'OFICINA_COMERCIAL'] as const;

const FIXED: { profile: Profile; overrides: Partial<GenAccount> }[] = [
  {
    profile: 'debtor',
    overrides: {
      holderName: 'María Pérez González',
      clientType: 'RESIDENTIAL',
      municipality: 2,
      active: true,
      metered: true,
    },
  },
  {
    profile: 'agreed',
    overrides: {
      holderName: 'María Pérez González',
      clientType: 'RESIDENTIAL',
      municipality: 2,
      active: true,
      metered: false,
      nucleusPeople: 4,
    },
  },
  {
    profile: 'advance',
    overrides: {
      holderName: 'José Fernández Díaz',
      clientType: 'RESIDENTIAL',
      municipality: 9,
      active: true,
      metered: true,
    },
  },
  {
    profile: 'debtor',
    overrides: {
      holderName: 'Hotel Vedado Mar',
      clientType: 'ESTATE_BIG_CLIENT',
      municipality: 2,
      active: true,
      metered: true,
    },
  },
  {
    profile: 'processing',
    overrides: {
      holderName: 'Escuela Primaria José Martí',
      clientType: 'STATE',
      municipality: 4,
      active: true,
      metered: true,
    },
  },
  { profile: 'debtor', overrides: { active: true } },
  { profile: 'paid', overrides: { active: true } },
  { profile: 'agreed', overrides: { active: true } },
  { profile: 'pending', overrides: { active: true } },
  { profile: 'pending', overrides: { active: false } },
];

function documented(today: Date): GenResult[] {
  const periods = billingPeriods(today);
  const codes = [...DEMO_LINKED_CODES, ...DEMO_UNLINKED_CODES];
  return FIXED.map((f, k) => {
    const known = codes[k];
    const holder = 'holder' in known ? { holderName: known.holder } : {};
    const r = generateAccount(k + 1, {
      prefix: '23',
      periods,
      profile: f.profile,
      overrides: { ...f.overrides, ...holder },
    });
    return { ...r, account: { ...r.account, cc: known.cc, contractNumber: known.contractNumber } };
  });
}

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

/** The demo ledger: 300 accounts with two years of bimonthly invoices, and the demo customers' links. */
export async function seedBillingDemo(db: Db, today = new Date()) {
  const periods = billingPeriods(today);
  const fixed = documented(today);
  const generated: GenResult[] = [];
  for (let i = fixed.length + 1; i <= DEMO_ACCOUNTS; i++)
    generated.push(generateAccount(i, { prefix: '23', periods }));
  await db.transaction(async (tx) => {
    await insertResults(tx, [...fixed, ...generated]);
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
