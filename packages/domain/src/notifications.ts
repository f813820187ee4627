import { CONTRACT_LABELS } from './contract-labels';
import { formatMoney } from './money';
import { paymentResult } from './payments/results';

/**
 * What a notification is about, stored beside it with its parameters (never a finished sentence),
 * so the drawer and the e-mails word it in the reader's language at the time it is read.
 */
export const NOTIFICATION_EVENTS = [
  'PAYMENT_STATUS',
  'CONTRACT_REQUEST_STATUS',
  'ACCESS_REQUEST_DECIDED',
  'INVOICE_ISSUED',
  'PAYMENT_POSTING_REFUSED',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export interface PaymentNotificationParams {
  paymentId: string;
  status: string;
  amountCents: number;
  cc: string;
  method: string;
  /** CC (invoices) or ADELANTO (advance). */
  type: string;
  resultCode?: number | null;
  bonusCents?: number | null;
}
/** A confirmed payment the commercial system refused (design §7): the customer chooses refund or advance. */
export interface PostingRefusedNotificationParams {
  paymentId: string;
  amountCents: number;
  cc: string;
  method: string;
  /** ALREADY_PAID | AMOUNT_MISMATCH | AGREED | UNKNOWN_INVOICE | ACCOUNT_INACTIVE */
  reason: string;
}
export interface ContractRequestNotificationParams {
  requestId: string;
  status: string;
}
export interface AccessRequestNotificationParams {
  accessRequestId?: string;
  role: string;
  status: string;
  reason?: string | null;
}

/** A new invoice of one of the reader's codes (the commercial system's change feed, design §7). */
export interface InvoiceIssuedNotificationParams {
  cc: string;
  invoiceNumber: string;
  /** ISO dates (YYYY-MM-DD) of the billed period. */
  periodFrom: string;
  periodTo: string;
  amountCents: number;
}

export type NotificationLanguage = 'es' | 'en';

export interface NotificationMessage {
  title: string;
  text: string;
  /** Path inside the app (without /oficina_virtual) of what it is about, or null. */
  link: string | null;
}

const METHOD: Record<string, string> = { ENZONA: 'EnZona', TRANSFERMOVIL: 'Transfermóvil' };

type PaymentWords = {
  title: Record<string, string>;
  text: (p: PaymentNotificationParams, what: string, reason: string, bonus: string) => string;
  what: (p: PaymentNotificationParams) => string;
  fallback: (status: string) => string;
};

const PAYMENT_WORDS: Record<NotificationLanguage, PaymentWords> = {
  es: {
    title: {
      PENDING: 'Pago en curso',
      PAYED: 'Pago recibido',
      CANCELED: 'Pago cancelado',
      FAILED: 'Pago no realizado',
      PENDING_REFUNDED: 'Devolución en curso',
      REFUNDED: 'Pago devuelto',
    },
    what: (p) =>
      `${p.type === 'ADELANTO' ? 'Su pago adelantado' : 'Su pago'} de ${formatMoney(p.amountCents)} del código de cliente ${p.cc} mediante ${METHOD[p.method] ?? p.method}`,
    text: (p, what, reason, bonus) => {
      switch (p.status) {
        case 'PENDING':
          return `${what} está en curso. Le avisaremos cuando se confirme.`;
        case 'PAYED':
          return `${what} se recibió correctamente${bonus ? `, con una bonificación de ${bonus}` : ''}. Ya puede descargar el comprobante.`;
        case 'CANCELED':
          return `${what} fue cancelado. No se le cobró nada${p.type === 'ADELANTO' ? '' : ' y las facturas siguen pendientes de pago'}.`;
        case 'FAILED':
          return `${what} no se pudo completar${reason ? `: ${reason}` : ''}. No se le cobró nada.`;
        case 'PENDING_REFUNDED':
          return `${what} se está devolviendo. Le avisaremos cuando la devolución termine.`;
        case 'REFUNDED':
          return `${what} fue devuelto.`;
        default:
          return `${what}: ${p.status}.`;
      }
    },
    fallback: (s) => `Pago: ${s}`,
  },
  en: {
    title: {
      PENDING: 'Payment in progress',
      PAYED: 'Payment received',
      CANCELED: 'Payment cancelled',
      FAILED: 'Payment not made',
      PENDING_REFUNDED: 'Refund in progress',
      REFUNDED: 'Payment refunded',
    },
    what: (p) =>
      `${p.type === 'ADELANTO' ? 'Your advance payment' : 'Your payment'} of ${formatMoney(p.amountCents)} for client code ${p.cc} through ${METHOD[p.method] ?? p.method}`,
    text: (p, what, reason, bonus) => {
      switch (p.status) {
        case 'PENDING':
          return `${what} is in progress. We will let you know when it is confirmed.`;
        case 'PAYED':
          return `${what} was received${bonus ? `, with a bonus of ${bonus}` : ''}. You can now download the receipt.`;
        case 'CANCELED':
          return `${what} was cancelled. You were not charged${p.type === 'ADELANTO' ? '' : ' and the invoices are still to be paid'}.`;
        case 'FAILED':
          return `${what} could not be completed${reason ? `: ${reason}` : ''}. You were not charged.`;
        case 'PENDING_REFUNDED':
          return `${what} is being refunded. We will let you know when the refund is done.`;
        case 'REFUNDED':
          return `${what} was refunded.`;
        default:
          return `${what}: ${p.status}.`;
      }
    },
    fallback: (s) => `Payment: ${s}`,
  },
};

const CONTRACT_WORDS = {
  es: {
    title: {
      NEW: 'Solicitud de contrato recibida',
      PENDING: 'Solicitud de contrato en trámite',
      DEBT_PENDING: 'Solicitud de contrato detenida por deuda',
      REVIEW: 'Solicitud de contrato en revisión',
      SIGNATURE_READY: 'Contrato listo para firmar',
      SIGNED: 'Contrato firmado',
      ANNULLED: 'Solicitud de contrato anulada',
    } as Record<string, string>,
    text: (id: string, status: string) => `Su solicitud ${id} está ahora: ${status}.`,
    next: {
      DEBT_PENDING: 'Pague la deuda pendiente del código de cliente para que continúe.',
      SIGNATURE_READY: 'Acuda a su oficina comercial para firmar el contrato.',
      SIGNED: 'Ya puede descargar el contrato.',
    } as Record<string, string>,
    fallback: 'Solicitud de contrato',
  },
  en: {
    title: {
      NEW: 'Contract request received',
      PENDING: 'Contract request in progress',
      DEBT_PENDING: 'Contract request on hold for debt',
      REVIEW: 'Contract request under review',
      SIGNATURE_READY: 'Contract ready to sign',
      SIGNED: 'Contract signed',
      ANNULLED: 'Contract request annulled',
    } as Record<string, string>,
    text: (id: string, status: string) => `Your request ${id} is now: ${status}.`,
    next: {
      DEBT_PENDING: 'Pay the client code’s pending debt for it to go on.',
      SIGNATURE_READY: 'Go to your commercial office to sign the contract.',
      SIGNED: 'You can now download the contract.',
    } as Record<string, string>,
    fallback: 'Contract request',
  },
} as const;

/** Why the commercial system refused a posting, in words a customer reads (es/en). */
export const POSTING_REFUSAL_LABELS: Record<NotificationLanguage, Record<string, string>> = {
  es: {
    ALREADY_PAID: 'la factura ya se pagó en la oficina comercial',
    AMOUNT_MISMATCH: 'el importe no coincide con lo que se debe',
    AGREED: 'la factura está en un convenio de pago',
    UNKNOWN_INVOICE: 'el sistema comercial no reconoce la factura',
    ACCOUNT_INACTIVE: 'el código de cliente no admite pagos',
  },
  en: {
    ALREADY_PAID: 'the invoice was already paid at the commercial office',
    AMOUNT_MISMATCH: 'the amount does not match what is owed',
    AGREED: 'the invoice is in a payment agreement',
    UNKNOWN_INVOICE: 'the commercial system does not know the invoice',
    ACCOUNT_INACTIVE: 'the client code does not accept payments',
  },
};

/** The notice of a refused posting: what happened and the two ways out. */
export function postingRefusedNotification(
  p: PostingRefusedNotificationParams,
  lang: NotificationLanguage,
): NotificationMessage {
  const method = METHOD[p.method] ?? p.method;
  const reason = POSTING_REFUSAL_LABELS[lang][p.reason] ?? p.reason;
  const amount = formatMoney(p.amountCents);
  return lang === 'en'
    ? {
        title: 'Payment not applied: choose refund or advance',
        text: `Your payment of ${amount} for client code ${p.cc} through ${method} could not be applied to the invoices: ${reason}. Choose whether the money is returned to you through ${method} or kept as an advance on the client code.`,
        link: `/payments/payment-record/${p.paymentId}`,
      }
    : {
        title: 'Pago no aplicado: elija devolución o adelanto',
        text: `Su pago de ${amount} del código de cliente ${p.cc} mediante ${method} no se pudo aplicar a las facturas: ${reason}. Elija si se le devuelve el dinero por ${method} o si se guarda como adelanto del código.`,
        link: `/payments/payment-record/${p.paymentId}`,
      };
}

/** Display names of the built-in roles (a role made by an administrator shows its own name). */
export const ROLE_LABELS: Record<NotificationLanguage, Record<string, string>> = {
  es: {
    SUPER_ADMIN: 'Superadministrador',
    USER: 'Cliente',
    CONTRACT_SUPERVISOR: 'Supervisor de contratos',
    COMMERCIAL_SPECIALIST: 'Especialista comercial',
    BIG_CLIENT_SPECIALIST: 'Especialista de grandes clientes',
    SECURITY_ADMIN: 'Administrador de seguridad',
  },
  en: {
    SUPER_ADMIN: 'Super administrator',
    USER: 'Customer',
    CONTRACT_SUPERVISOR: 'Contract supervisor',
    COMMERCIAL_SPECIALIST: 'Commercial specialist',
    BIG_CLIENT_SPECIALIST: 'Big client specialist',
    SECURITY_ADMIN: 'Security administrator',
  },
};

const ACCESS_WORDS = {
  es: {
    title: { ACCEPTED: 'Solicitud de acceso aceptada', REJECTED: 'Solicitud de acceso rechazada' } as Record<
      string,
      string
    >,
    text: (role: string, status: string, reason?: string | null) =>
      status === 'ACCEPTED'
        ? `Su solicitud del rol ${role} fue aceptada. Ya puede usarlo al volver a entrar en la Oficina Virtual.`
        : status === 'REJECTED'
          ? `Su solicitud del rol ${role} fue rechazada${reason ? `. Motivo: ${reason}` : ''}.`
          : `Su solicitud del rol ${role} está pendiente.`,
    fallback: 'Solicitud de acceso',
  },
  en: {
    title: { ACCEPTED: 'Access request accepted', REJECTED: 'Access request rejected' } as Record<
      string,
      string
    >,
    text: (role: string, status: string, reason?: string | null) =>
      status === 'ACCEPTED'
        ? `Your request for the role ${role} was accepted. You can use it the next time you open the Virtual Office.`
        : status === 'REJECTED'
          ? `Your request for the role ${role} was rejected${reason ? `. Reason: ${reason}` : ''}.`
          : `Your request for the role ${role} is pending.`,
    fallback: 'Access request',
  },
} as const;

export function paymentNotification(
  p: PaymentNotificationParams,
  lang: NotificationLanguage,
): NotificationMessage {
  const w = PAYMENT_WORDS[lang];
  const result = p.resultCode && p.resultCode !== 2 ? paymentResult(p.resultCode) : undefined;
  const bonus = p.bonusCents && p.bonusCents > 0 ? formatMoney(p.bonusCents) : '';
  return {
    title: w.title[p.status] ?? w.fallback(p.status),
    text: w.text(p, w.what(p), result ? result[lang].replace(/\.$/, '').toLowerCase() : '', bonus),
    link: `/payments/payment-record/${p.paymentId}`,
  };
}

/** A date of a period as the portal shows it: 31/10/2026 (es), 10/31/2026 (en). */
function periodDate(iso: string, lang: NotificationLanguage): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return iso;
  return lang === 'en' ? `${m[2]}/${m[3]}/${m[1]}` : `${m[3]}/${m[2]}/${m[1]}`;
}

/** A billed period as the portal shows it: "01/09/2026 – 31/10/2026" (es), "09/01/2026 – 10/31/2026" (en). */
export function formatPeriod(from: string, to: string, lang: NotificationLanguage): string {
  return `${periodDate(from, lang)} – ${periodDate(to, lang)}`;
}

/** "Nueva factura de 01/09/2026 – 31/10/2026: $1,234.50" (es) / "New invoice for …: $…" (en). */
export function invoiceIssuedNotification(
  p: InvoiceIssuedNotificationParams,
  lang: NotificationLanguage,
): NotificationMessage {
  const period = formatPeriod(p.periodFrom, p.periodTo, lang);
  const money = formatMoney(p.amountCents);
  return lang === 'en'
    ? {
        title: `New invoice · client code ${p.cc}`,
        text: `New invoice for ${period}: ${money}`,
        link: '/payments/payments',
      }
    : {
        title: `Nueva factura · código de cliente ${p.cc}`,
        text: `Nueva factura de ${period}: ${money}`,
        link: '/payments/payments',
      };
}

/**
 * The title, sentence and link of a stored notification in `lang`; null when the event is unknown
 * (rows written before events were stored and not recognised by the migration).
 */
export function describeNotification(
  event: string | null | undefined,
  params: Record<string, unknown> | null | undefined,
  lang: NotificationLanguage,
): NotificationMessage | null {
  if (!event || !params) return null;
  if (event === 'PAYMENT_STATUS') {
    const p = params as unknown as PaymentNotificationParams;
    if (typeof p.amountCents !== 'number' || !p.paymentId) return null;
    return paymentNotification(p, lang);
  }
  if (event === 'PAYMENT_POSTING_REFUSED') {
    const p = params as unknown as PostingRefusedNotificationParams;
    if (typeof p.amountCents !== 'number' || !p.paymentId) return null;
    return postingRefusedNotification(p, lang);
  }
  if (event === 'CONTRACT_REQUEST_STATUS') {
    const p = params as unknown as ContractRequestNotificationParams;
    const w = CONTRACT_WORDS[lang];
    const status = (CONTRACT_LABELS[lang].status as Record<string, string>)[p.status] ?? p.status;
    const next = w.next[p.status];
    return {
      title: w.title[p.status] ?? w.fallback,
      text: [w.text(p.requestId, status), next].filter(Boolean).join(' '),
      link: `/search?id=${encodeURIComponent(p.requestId)}`,
    };
  }
  if (event === 'ACCESS_REQUEST_DECIDED') {
    const p = params as unknown as AccessRequestNotificationParams;
    const w = ACCESS_WORDS[lang];
    const role = ROLE_LABELS[lang][p.role] ?? p.role;
    return { title: w.title[p.status] ?? w.fallback, text: w.text(role, p.status, p.reason), link: null };
  }
  if (event === 'INVOICE_ISSUED') {
    const p = params as unknown as InvoiceIssuedNotificationParams;
    if (typeof p.amountCents !== 'number' || !p.cc || !p.periodFrom || !p.periodTo) return null;
    return invoiceIssuedNotification(p, lang);
  }
  return null;
}
