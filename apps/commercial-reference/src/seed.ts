import { DEMO_ACCOUNTS, demoAccounts, type GenAccount, type GenResult } from '@ov/domain';
import type { Sql, Store } from './store';

export function formatAddress(a: Pick<GenAccount, 'street' | 'number' | 'betweenStreets'>): string {
  const main = [a.street, a.number ? `No. ${a.number}` : null].filter(Boolean).join(' ');
  return a.betweenStreets ? `${main}, e/ ${a.betweenStreets}` : main;
}

export const officeId = (municipality: number) => `OC-${String(municipality).padStart(2, '0')}`;

const STATUS = { PENDING: 'OPEN', PARTIAL: 'PARTIAL', PAID: 'PAID', AGREED: 'AGREED' } as const;

/** Seeds the demo accounts when the store has no account yet. Returns how many were inserted. */
export async function seedDemo(
  store: Store,
  opts: { today?: Date; accounts?: number } = {},
): Promise<number> {
  const [{ n }] = await store.query<{ n: number }>(`select count(*)::int as n from ${store.schema}.accounts`);
  if (n > 0) return 0;
  const results = demoAccounts(opts.today ?? new Date(), opts.accounts ?? DEMO_ACCOUNTS);
  await store.tx(async (sql) => {
    for (let k = 0; k < results.length; k += 50)
      await insertAccounts(sql, store.schema, results.slice(k, k + 50));
  });
  return results.length;
}

async function insertAccounts(sql: Sql, s: string, results: GenResult[]) {
  const a: unknown[] = [];
  const aRows = results.map(({ account: x, advanceCents }) => {
    const v = [
      x.cc,
      x.clientType,
      x.holderName,
      formatAddress(x),
      x.municipality,
      x.policy,
      x.contractNumber,
      x.active,
      officeId(x.municipality),
      x.metered,
      x.nucleusPeople,
      advanceCents,
    ];
    const at = a.length;
    a.push(...v);
    return `(${v.map((_, j) => `$${at + j + 1}`).join(',')})`;
  });
  await sql.query(
    `insert into ${s}.accounts (cc, client_type, holder_name, address, municipality, policy, contract_number,
      active, office_id, metered, nucleus_people, advance_balance_cents) values ${aRows.join(',')}`,
    a,
  );
  const p: unknown[] = [];
  const iRows = results.flatMap(({ account, invoices }) =>
    invoices.map((inv, k) => {
      const v = [
        inv.number,
        account.cc,
        k + 1,
        `${inv.issuedOn}T00:00:00.000Z`,
        inv.periodFrom,
        inv.periodTo,
        inv.invoicedCents,
        inv.paidCents,
        STATUS[inv.status],
        inv.consumptionM3,
      ];
      const at = p.length;
      p.push(...v);
      return `(${v.map((_, j) => `$${at + j + 1}`).join(',')})`;
    }),
  );
  await sql.query(
    `insert into ${s}.invoices (invoice_number, cc, seq, issued_at, period_from, period_to, amount_cents,
      paid_cents, status, consumption_m3) values ${iRows.join(',')}`,
    p,
  );
}
