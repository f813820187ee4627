/**
 * Payment agreements (issue 30, "Solicitar convenio"): a customer with overdue invoices on a code asks
 * to pay them as a down payment plus monthly instalments, within the limits an administrator sets at
 * /admin/settings. One set of rules for the API (references 630–649) and the web form's preview.
 * Money is integer cents.
 */

export interface AgreementLimits {
  /** Smallest down payment, in whole percent of the agreed debt (rounded up to the cent). */
  minDownPercent: number;
  /** Most monthly instalments after the down payment. */
  maxInstalments: number;
  /** Smallest monthly instalment, in cents. */
  minInstalmentCents: number;
}

/**
 * The first limits of a space. The smallest instalment is $5.00: a household's bimonthly invoice is a
 * few pesos at the residential tariff (billing/tariff.ts), so a larger floor would leave most
 * households without any agreement; administrators raise it at /admin/settings.
 */
export const DEFAULT_AGREEMENT_LIMITS: Readonly<AgreementLimits> = Object.freeze({
  minDownPercent: 20,
  maxInstalments: 12,
  minInstalmentCents: 500,
});

/** The plan a customer asks for (or a clerk approves): down payment and number of instalments. */
export interface AgreementPlan {
  downPaymentCents: number;
  instalments: number;
}

/** One payable item of the schedule: n = 0 is the down payment, 1…of the monthly instalments. */
export interface AgreementItem {
  n: number;
  of: number;
  /** YYYY-MM-DD */
  dueOn: string;
  amountCents: number;
}

/** The smallest down payment for a debt: `minDownPercent` % of it, rounded up to the cent. */
export function minDownPaymentCents(totalCents: number, limits: AgreementLimits): number {
  return Math.ceil((totalCents * limits.minDownPercent) / 100);
}

/** The largest number of instalments a debt allows after a down payment (0 when none fits). */
export function maxInstalmentsFor(
  totalCents: number,
  downPaymentCents: number,
  limits: AgreementLimits,
): number {
  const rest = totalCents - downPaymentCents;
  if (rest <= 0 || limits.minInstalmentCents <= 0) return 0;
  return Math.min(limits.maxInstalments, Math.floor(rest / limits.minInstalmentCents));
}

/** `YYYY-MM-DD` plus `months` months, kept on the last day of a shorter month (Jan 31 → Feb 28). */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(d, last);
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The schedule of a plan starting on `startOn`: the down payment due that day, then `instalments`
 * equal monthly amounts (the cents that do not divide go to the first one), one month apart.
 */
export function agreementSchedule(totalCents: number, plan: AgreementPlan, startOn: string): AgreementItem[] {
  const n = plan.instalments;
  const rest = totalCents - plan.downPaymentCents;
  const items: AgreementItem[] = [{ n: 0, of: n, dueOn: startOn, amountCents: plan.downPaymentCents }];
  if (n <= 0) return items;
  const base = Math.floor(rest / n);
  const extra = rest - base * n;
  for (let i = 1; i <= n; i++)
    items.push({ n: i, of: n, dueOn: addMonths(startOn, i), amountCents: base + (i === 1 ? extra : 0) });
  return items;
}

export interface AgreementProblem {
  field: 'invoiceIds' | 'downPaymentCents' | 'instalments' | 'reason';
  reference: number;
}

/**
 * Every problem of a plan for a debt of `totalCents` (the chosen invoices' amount due), in the form's
 * order: 630 no invoice chosen, 631 down payment under the minimum, 632 down payment that leaves
 * nothing to split, 633 instalments outside 1…max, 634 an instalment under the minimum amount.
 */
export function agreementProblems(
  totalCents: number,
  plan: AgreementPlan,
  limits: AgreementLimits,
): AgreementProblem[] {
  const out: AgreementProblem[] = [];
  if (totalCents <= 0) return [{ field: 'invoiceIds', reference: 630 }];
  const down = plan.downPaymentCents;
  if (!Number.isSafeInteger(down) || down < minDownPaymentCents(totalCents, limits))
    out.push({ field: 'downPaymentCents', reference: 631 });
  else if (down >= totalCents) out.push({ field: 'downPaymentCents', reference: 632 });
  const n = plan.instalments;
  if (!Number.isInteger(n) || n < 1 || n > limits.maxInstalments)
    out.push({ field: 'instalments', reference: 633 });
  else if (down < totalCents && Math.floor((totalCents - down) / n) < limits.minInstalmentCents)
    out.push({ field: 'instalments', reference: 634 });
  return out;
}

/** A plan the customer may start from: the minimum down payment and as many instalments as fit. */
export function suggestedPlan(totalCents: number, limits: AgreementLimits): AgreementPlan {
  const downPaymentCents = minDownPaymentCents(totalCents, limits);
  return {
    downPaymentCents,
    instalments: Math.max(1, maxInstalmentsFor(totalCents, downPaymentCents, limits)),
  };
}

// ————— Instalments as invoices of the code —————

/**
 * The number of an instalment's invoice in the built-in ledger: `CV-<request id>-<n>/<of>` (n = 0 is
 * the down payment). The web shows it as "Cuota de convenio n/of" / "Pago inicial del convenio".
 */
export function agreementItemNumber(requestId: string, n: number, of: number): string {
  return `CV-${requestId}-${n}/${of}`;
}

const ITEM_NUMBER = /^CV-([A-Z0-9]{5}-?[A-Z0-9]{5})-(\d{1,2})\/(\d{1,2})$/;

/** What an invoice number says about an agreement item, or null for an ordinary invoice. */
export function agreementItemOf(number: string): { requestId: string; n: number; of: number } | null {
  const m = ITEM_NUMBER.exec(number);
  return m ? { requestId: m[1], n: Number(m[2]), of: Number(m[3]) } : null;
}

/** The agreement a request carries: what was asked and, once approved, what was agreed. */
export interface AgreementPayload {
  invoices: { id: string; number: string; issuedOn: string; dueCents: number }[];
  totalCents: number;
  asked: AgreementPlan;
  limits: AgreementLimits;
  approved: (AgreementPlan & { on: string; schedule: AgreementItem[] }) | null;
}
