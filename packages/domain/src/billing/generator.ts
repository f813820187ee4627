import type { ClientType } from '../enums';
import { MUNICIPALITIES, POPULAR_COUNCILS, STREETS } from '../municipalities';
import { DEMO_LINKED_CODES, DEMO_UNLINKED_CODES, demoInvoiceNumber } from './demo';
import { BILLING_PERIOD_MONTHS, invoiceAmountCents } from './tariff';

/**
 * Deterministic synthetic ledger rows, shared by the demo seed and the volume generator. Account `i`
 * always gets the same code, holder, address and invoices (for a given "today").
 */
export type Profile = 'paid' | 'pending' | 'debtor' | 'agreed' | 'advance' | 'processing';

export interface GenAccount {
  cc: string;
  holderName: string;
  clientType: ClientType;
  street: string;
  number: string;
  betweenStreets: string;
  municipality: number;
  popularCouncil: string;
  commercialOffice: string;
  policy: string;
  contractNumber: string | null;
  nucleusPeople: number;
  metered: boolean;
  active: boolean;
}

export interface GenInvoice {
  number: string;
  issuedOn: string;
  periodFrom: string;
  periodTo: string;
  invoicedCents: number;
  paidCents: number;
  bonusCents: number;
  partial: boolean;
  policy: string;
  status: 'PENDING' | 'PAID' | 'PARTIAL' | 'AGREED';
  consumptionM3: number | null;
}

export interface GenResult {
  account: GenAccount;
  invoices: GenInvoice[];
  profile: Profile;
  advanceCents: number;
}

const FIRST = [
  'María',
  'José',
  'Yanet',
  'Carlos',
  'Ana',
  'Luis',
  'Odalys',
  'Jorge',
  'Mercedes',
  'Raúl',
  'Yusimí',
  'Ernesto',
  'Marta',
  'Pedro',
  'Dayana',
  'Osvaldo',
  'Iliana',
  'Reinaldo',
  'Caridad',
  'Alexis',
];
const LAST = [
  'Pérez',
  'González',
  'Rodríguez',
  'Fernández',
  'López',
  'Díaz',
  'Martínez',
  'Sánchez',
  'Hernández',
  'García',
  'Castro',
  'Valdés',
  'Ramos',
  'Suárez',
  'Alfonso',
  'Morales',
  'Cruz',
  'Delgado',
  'Reyes',
  'Torres',
];
const STATE_NAMES = [
  'Escuela Primaria',
  'Policlínico',
  'Círculo Infantil',
  'Secundaria Básica',
  'Casa de Cultura',
  'Biblioteca Municipal',
];
const BIG_NAMES = ['Hotel', 'Restaurante', 'Cooperativa', 'Mipyme', 'Paladar', 'Hostal'];

/** mulberry32: small, fast and good enough for synthetic data. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The last `count` complete billing periods before `today`, oldest first. */
export function billingPeriods(today: Date, count = 12, months = BILLING_PERIOD_MONTHS) {
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth();
  const currentStart = Date.UTC(y, m - (m % months), 1);
  const out: { from: string; to: string; issuedOn: string }[] = [];
  for (let k = count; k >= 1; k--) {
    const from = new Date(currentStart);
    from.setUTCMonth(from.getUTCMonth() - k * months);
    const next = new Date(from);
    next.setUTCMonth(next.getUTCMonth() + months);
    const to = new Date(next.getTime() - 86_400_000);
    out.push({ from: iso(from), to: iso(to), issuedOn: iso(next) });
  }
  return out;
}

function pick<T>(r: () => number, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)];
}

/** Two cross streets that differ from the street and from each other (walks the list on a clash). */
function crossStreets(street: string, a: string, b: string, list: readonly string[]): [string, string] {
  const next = (s: string, avoid: string[]) => {
    let i = list.indexOf(s);
    for (let n = 0; n < list.length && avoid.includes(list[i]); n++) i = (i + 1) % list.length;
    return list[i];
  };
  const first = next(a, [street]);
  return [first, next(b, [street, first])];
}

function profileFor(r: () => number): Profile {
  const x = r();
  if (x < 0.35) return 'paid';
  if (x < 0.65) return 'pending';
  if (x < 0.8) return 'debtor';
  if (x < 0.88) return 'agreed';
  if (x < 0.995) return 'advance';
  return 'processing';
}

/** The invoice statuses of a profile, oldest first. */
function statuses(profile: Profile, n: number): GenInvoice['status'][] {
  const s: GenInvoice['status'][] = Array(n).fill('PAID');
  if (profile === 'pending' || profile === 'processing') s[n - 1] = 'PENDING';
  if (profile === 'debtor') {
    s[n - 1] = 'PENDING';
    s[n - 2] = 'PENDING';
    s[n - 3] = 'PARTIAL';
  }
  if (profile === 'agreed') {
    s[n - 6] = 'AGREED';
    s[n - 5] = 'AGREED';
    s[n - 1] = 'PENDING';
  }
  return s;
}

export interface GenOptions {
  prefix?: string;
  periods: ReturnType<typeof billingPeriods>;
  profile?: Profile;
  overrides?: Partial<GenAccount>;
}

export function generateAccount(i: number, opts: GenOptions): GenResult {
  const r = prng(i * 2654435761 + 7);
  const mun = MUNICIPALITIES[i % MUNICIPALITIES.length];
  const streets = STREETS[mun.pk] ?? ['Calle 1'];
  const typeRoll = r();
  const clientType: ClientType =
    typeRoll < 0.85 ? 'RESIDENTIAL' : typeRoll < 0.95 ? 'STATE' : 'ESTATE_BIG_CLIENT';
  const person = `${pick(r, FIRST)} ${pick(r, LAST)} ${pick(r, LAST)}`;
  const holderName =
    clientType === 'RESIDENTIAL'
      ? person
      : `${pick(r, clientType === 'STATE' ? STATE_NAMES : BIG_NAMES)} ${pick(r, LAST)} ${i}`;
  const cc = `${opts.prefix ?? '24'}${String(i).padStart(11, '0')}`;
  const street = pick(r, streets);
  const number = String(1 + Math.floor(r() * 1200));
  const [crossA, crossB] = crossStreets(street, pick(r, streets), pick(r, streets), streets);
  const account: GenAccount = {
    cc,
    holderName,
    clientType,
    street,
    number,
    betweenStreets: `${crossA} y ${crossB}`,
    municipality: mun.pk,
    popularCouncil: pick(r, POPULAR_COUNCILS[mun.pk] ?? ['Centro']),
    commercialOffice: `Oficina Comercial ${mun.municipio}`,
    policy: `POL-${String(mun.pk).padStart(2, '0')}-${String(i).padStart(8, '0')}`,
    contractNumber: r() < 0.97 ? `CT-${2005 + (i % 19)}-${String(i).padStart(6, '0')}` : null,
    nucleusPeople: 1 + Math.floor(r() * 6),
    metered: clientType !== 'RESIDENTIAL' || r() < 0.4,
    active: r() >= 0.04,
    ...opts.overrides,
  };
  const profile = opts.profile ?? profileFor(r);
  const st = statuses(profile, opts.periods.length);
  const scale = account.clientType === 'RESIDENTIAL' ? 40 : account.clientType === 'STATE' ? 600 : 2500;
  const invoices = opts.periods.map((p, k): GenInvoice => {
    const m3 = account.metered ? Math.max(1, Math.round(scale * (0.3 + r()))) : null;
    const invoicedCents = invoiceAmountCents({
      clientType: account.clientType,
      metered: account.metered,
      nucleusPeople: account.nucleusPeople,
      consumptionM3: m3 ?? 0,
    });
    const status = st[k];
    const paidCents =
      status === 'PAID' ? invoicedCents : status === 'PARTIAL' ? Math.floor(invoicedCents * 0.4) : 0;
    return {
      number: demoInvoiceNumber(cc, k + 1),
      issuedOn: p.issuedOn,
      periodFrom: p.from,
      periodTo: p.to,
      invoicedCents,
      paidCents,
      bonusCents: 0,
      partial: status === 'PARTIAL',
      policy: account.policy,
      status,
      consumptionM3: m3,
    };
  });
  const advanceCents = profile === 'advance' ? 500 + Math.floor(r() * 200) * 100 : 0;
  return { account, invoices, profile, advanceCents };
}

/** Demo accounts in total: the documented ones first, then generated ones across the 15 municipalities. */
export const DEMO_ACCOUNTS = 300;

/** The documented demo codes (DEMO_LINKED_CODES, then DEMO_UNLINKED_CODES) and the profiles they show. */
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

/**
 * The demo ledger, the same for the portal's seed and the reference commercial system: the ten
 * documented codes first, then generated ones (codes 23…011 onwards).
 */
export function demoAccounts(today: Date, count = DEMO_ACCOUNTS): GenResult[] {
  const periods = billingPeriods(today);
  const codes = [...DEMO_LINKED_CODES, ...DEMO_UNLINKED_CODES];
  const out: GenResult[] = [];
  for (let i = 1; i <= count; i++) {
    const f = FIXED[i - 1];
    if (!f) {
      out.push(generateAccount(i, { prefix: '23', periods }));
      continue;
    }
    const known = codes[i - 1];
    const holder = 'holder' in known ? { holderName: known.holder } : {};
    const r = generateAccount(i, {
      prefix: '23',
      periods,
      profile: f.profile,
      overrides: { ...f.overrides, ...holder },
    });
    out.push({ ...r, account: { ...r.account, cc: known.cc, contractNumber: known.contractNumber } });
  }
  return out;
}
