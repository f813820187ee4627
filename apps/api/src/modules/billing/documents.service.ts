import { createHmac } from 'node:crypto';
import { AppError, holderInitials, maskHolderName } from '@ov/domain';
import type { Principal } from '../../core/principal';
import type { Lang } from '../../lib/language';
import type { createCodeAccess } from './billing.access';
import type { CommercialSystem, LedgerAccount } from './commercial-system';
import { type DocParty, renderContract, renderReceipt, type Stamp } from './documents.pdf';
import type { DocumentsRepository } from './documents.repository';
import { formatAddress } from './ledger.mappers';

type Kind = 'RECEIPT' | 'INVOICE_RECEIPT' | 'CONTRACT';
type Access = ReturnType<typeof createCodeAccess>;

export interface BillingDocumentsDeps {
  repo: DocumentsRepository;
  commercial: CommercialSystem;
  /** Installation secret the verification codes are derived from (the JWT secret). */
  secret: string;
  publicUrl: string;
  renderers?: { receipt: typeof renderReceipt; contract: typeof renderContract };
}

const BASE32 = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function partyOf(a: LedgerAccount): DocParty {
  return {
    holder: a.holder,
    cc: a.cc,
    address: formatAddress(a),
    municipality: a.municipality,
    commercialOffice: a.commercialOffice,
  };
}

function when(d: Date, lang: Lang) {
  return new Intl.DateTimeFormat(lang === 'es' ? 'es-ES' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'America/Havana',
  }).format(d);
}

/** Receipts and contracts as PDF, each stamped with a code anyone can verify later. */
export function createBillingDocuments(deps: BillingDocumentsDeps) {
  const { repo, commercial } = deps;
  const key = createHmac('sha256', deps.secret).update('billing-document-verification').digest();
  const renderers = deps.renderers ?? { receipt: renderReceipt, contract: renderContract };

  function codeOf(parts: (string | number | null)[]) {
    const mac = createHmac('sha256', key).update(parts.join('|')).digest();
    const chars = [...mac.subarray(0, 16)].map((b) => BASE32[b % 32]).join('');
    return chars.match(/.{4}/g)!.join('-');
  }

  async function stamp(kind: Kind, cc: string, subject: string, amountCents: number | null, lang: Lang) {
    const code = codeOf([kind, cc, subject, amountCents]);
    const row = await repo.stamp({ code, kind, cc, subject, amountCents });
    const verifyUrl = `${deps.publicUrl}/api/ahab-requests/verify-document/${code}`;
    return { code, verifyUrl, issuedAt: when(row.issuedAt, lang) } satisfies Stamp;
  }

  async function generate(fn: () => Promise<Buffer>) {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError('BADREQUESTERROR', 460);
    }
  }

  async function activeAccount(cc: string) {
    const a = await commercial.findAccount(cc);
    if (!a) throw new AppError('BADREQUESTERROR', 461);
    if (!a.active) throw new AppError('BADREQUESTERROR', 854);
    return a;
  }

  const docs = {
    /**
     * The receipt of one payment applied to the ledger (for the payments module, which checks who may
     * see it). 461 when the ledger has no such payment; 854 when the account is inactive.
     */
    async paymentReceipt(paymentId: string, lang: Lang, opts: { guest?: boolean } = {}): Promise<Buffer> {
      const lp = await repo.ledgerPayment(paymentId);
      if (!lp) throw new AppError('BADREQUESTERROR', 461);
      const account = await activeAccount(lp.cc);
      const lines = await repo.paymentLines(paymentId);
      const total = lp.amountCents + lp.bonusCents;
      const s = await stamp('RECEIPT', lp.cc, paymentId, total, lang);
      return generate(() =>
        renderers.receipt(
          {
            kind: 'RECEIPT',
            // A guest (paid without an account) sees the holder's initials and the code, nothing else.
            party: opts.guest
              ? {
                  holder: holderInitials(account.holder),
                  cc: account.cc,
                  address: '',
                  municipality: '',
                  commercialOffice: '',
                }
              : partyOf(account),
            reference: paymentId,
            method: lp.method,
            paymentKind: lp.kind,
            date: when(lp.appliedAt, lang),
            lines: lines.map((x) => ({
              invoice: x.inv.number,
              period: `${x.inv.periodFrom} – ${x.inv.periodTo}`,
              invoicedCents: x.inv.invoicedCents,
              paidCents: x.amount,
            })),
            bonusCents: lp.bonusCents,
            totalCents: total,
          },
          lang,
          s,
        ),
      );
    },

    /** Who paid a ledger payment belongs to (the route checks the caller may reach it). */
    async paymentCc(paymentId: string) {
      return repo.ledgerPaymentCc(paymentId);
    },

    async invoiceReceipt(p: Principal, access: Access, invoiceId: string, lang: Lang): Promise<Buffer> {
      const refCc = await repo.invoiceCc(invoiceId);
      if (!refCc) throw new AppError('NOTFOUND', 415);
      const account = await access.reach(p, refCc);
      if (!account.active) throw new AppError('BADREQUESTERROR', 854);
      const inv = await commercial.getInvoice(account.cc, invoiceId);
      if (!inv || inv.paidCents <= 0) throw new AppError('BADREQUESTERROR', 855);
      const lp = await repo.invoicePayment(invoiceId);
      const s = await stamp('INVOICE_RECEIPT', account.cc, inv.number, inv.paidCents, lang);
      return generate(() =>
        renderers.receipt(
          {
            kind: 'INVOICE_RECEIPT',
            party: partyOf(account),
            reference: inv.number,
            method: lp?.method ?? null,
            paymentKind: lp?.kind ?? null,
            date: lp ? when(lp.at, lang) : inv.issuedOn,
            lines: [
              {
                invoice: inv.number,
                period: `${inv.periodFrom} – ${inv.periodTo}`,
                invoicedCents: inv.invoicedCents,
                paidCents: inv.paidCents,
              },
            ],
            bonusCents: inv.bonusCents,
            totalCents: inv.paidCents,
          },
          lang,
          s,
        ),
      );
    },

    async contract(p: Principal, access: Access, cc: string, lang: Lang): Promise<Buffer> {
      const account = await access.reach(p, cc);
      if (!account.active) throw new AppError('BADREQUESTERROR', 854);
      if (!account.contractNumber) throw new AppError('BADREQUESTERROR', 459);
      const contractNumber = account.contractNumber;
      const s = await stamp('CONTRACT', account.cc, contractNumber, null, lang);
      return generate(() =>
        renderers.contract(
          {
            party: partyOf(account),
            contractNumber,
            policy: account.policy,
            clientType: account.clientType,
            nucleusPeople: account.nucleusPeople,
            metered: account.metered,
          },
          lang,
          s,
        ),
      );
    },

    /** Public: what a printed code certifies, with the holder masked. */
    async verify(code: string) {
      const d = await repo.document(code.toUpperCase());
      if (!d) return { valid: false };
      const account = await commercial.findAccount(d.cc);
      return {
        valid: true,
        kind: d.kind as Kind,
        cc: d.cc,
        holder: account ? maskHolderName(account.holder) : '',
        amountCents: d.amountCents,
        subject: d.subject,
        issuedAt: d.issuedAt.toISOString(),
      };
    },
  };
  return docs;
}
export type BillingDocuments = ReturnType<typeof createBillingDocuments>;
