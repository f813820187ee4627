import type { ClientType } from '../enums';

/**
 * Water tariffs of the demo ledger (design §2). Amounts are integer cents per month; a billing period
 * covers `months` months (bimonthly in La Habana). The values are the demo's, documented here; a real
 * utility imports its invoices instead of computing them.
 */
export const BILLING_PERIOD_MONTHS = 2;

/** Homes without a meter pay per person in the household. */
export const UNMETERED_PER_PERSON_MONTH_CENTS = 175;

/** Metered homes: progressive blocks of monthly m³, price per m³ in cents. */
export const RESIDENTIAL_BLOCKS: readonly { upToM3: number; centsPerM3: number }[] = [
  { upToM3: 10, centsPerM3: 25 },
  { upToM3: 20, centsPerM3: 60 },
  { upToM3: 30, centsPerM3: 150 },
  { upToM3: Number.POSITIVE_INFINITY, centsPerM3: 400 },
];

/** State entities and big clients pay a flat price per m³. */
export const FLAT_CENTS_PER_M3: Record<Exclude<ClientType, 'RESIDENTIAL'>, number> = {
  STATE: 120,
  ESTATE_BIG_CLIENT: 350,
};

export interface TariffInput {
  clientType: ClientType;
  metered: boolean;
  nucleusPeople: number;
  consumptionM3: number;
  months?: number;
}

function progressiveCents(m3: number, months: number): number {
  let remaining = m3;
  let previousTop = 0;
  let total = 0;
  for (const block of RESIDENTIAL_BLOCKS) {
    // Block limits are monthly, so a bimonthly invoice gets twice the room in each block.
    const top = block.upToM3 * months;
    const inBlock = Math.min(remaining, top - previousTop);
    if (inBlock <= 0) break;
    total += inBlock * block.centsPerM3;
    remaining -= inBlock;
    previousTop = top;
  }
  return total;
}

/** The invoiced amount of one period, in cents. */
export function invoiceAmountCents(t: TariffInput): number {
  const months = t.months ?? BILLING_PERIOD_MONTHS;
  const m3 = Math.max(0, Math.round(t.consumptionM3));
  if (t.clientType !== 'RESIDENTIAL') return m3 * FLAT_CENTS_PER_M3[t.clientType];
  if (!t.metered) return Math.max(1, t.nucleusPeople) * UNMETERED_PER_PERSON_MONTH_CENTS * months;
  return progressiveCents(m3, months);
}
