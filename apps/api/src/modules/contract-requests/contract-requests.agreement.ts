import { randomBytes, randomUUID } from 'node:crypto';
import {
  type AgreementApproval,
  type AgreementLimits,
  type AgreementPayload,
  type AgreementRequestInput,
  AppError,
  agreementItemOf,
  agreementProblems,
  agreementSchedule,
  type ContractRequestStatus,
  formatMoney,
  formatRequestId,
  isOpenRequest,
  normalizeClientCode,
  requestIdFromBytes,
} from '@ov/domain';
import type { Principal } from '../../core/principal';
import type { Db, Executor } from '../../db/client';
import type { Lang } from '../../lib/language';
import { consume, refund } from '../../lib/throttle';
import { writeTrace } from '../../lib/traces';
import { type CommercialSystem, formatAddress, LedgerRejection } from '../billing';
import type { FileStorage } from '../files';
import type { RequestAccess } from './contract-requests.access';
import { renderAgreement } from './contract-requests.agreement.pdf';
import { municipalityName, today } from './contract-requests.contract';
import { ACCOUNT_CREATE_RATE, uniqueConstraint } from './contract-requests.create';
import { detailsOf, traced } from './contract-requests.dto';
import type { createRequesterNotice } from './contract-requests.notify';
import type { ContractRequestsRepository, Row } from './contract-requests.repository';
import type { createMove } from './contract-requests.staff';

export interface AgreementDeps {
  db: Db;
  repo: ContractRequestsRepository;
  commercial: CommercialSystem;
  access: RequestAccess;
  storage: FileStorage;
  publicUrl: string;
  /** The limits an administrator set at /admin/settings for the space. */
  limitsOf: (space: string) => Promise<AgreementLimits>;
  tellRequester: ReturnType<typeof createRequesterNotice>;
  move: ReturnType<typeof createMove>;
}

const BASE32 = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const PROCEDURE = 'PAYMENT_AGREEMENT';

/**
 * Payment agreements (issue 30): a contract request of procedure PAYMENT_AGREEMENT, asked by the
 * holder of a code from its page, carrying the invoices and the plan; staff of the code's sector
 * approve it (as asked or changed) or reject it. The same queue, request ID, status machine, history,
 * notifications and traces as any contract request.
 */
export function createAgreements(deps: AgreementDeps) {
  const { db, repo, commercial, access, storage, limitsOf, tellRequester, move } = deps;

  /** The invoices of a code that may go into an agreement: unpaid, idle, not agreed, not an agreement's item. */
  async function agreeable(cc: string) {
    const debt = await commercial.getDebt(cc);
    return debt.invoices
      .filter(
        (i) =>
          i.dueCents > 0 &&
          (i.displayStatus === 'Pendiente' || i.displayStatus === 'Pago Parcial') &&
          !agreementItemOf(i.number),
      )
      .map((i) => ({ id: i.id, number: i.number, issuedOn: i.issuedOn, dueCents: i.dueCents }));
  }

  /** The caller's code, when the caller holds it (641 otherwise: only its holder asks). */
  async function heldAccount(p: Principal, raw: string) {
    const cc = normalizeClientCode(raw);
    if (!(await repo.ownsCode(p.userId, cc))) throw new AppError('BADREQUESTERROR', 641, { field: 'cc' });
    const account = await commercial.findAccount(cc);
    if (!account || account.space !== p.space || !account.active)
      throw new AppError('BADREQUESTERROR', 430, { field: 'cc' });
    return account;
  }

  const fail = (reference: number, field?: string) =>
    new AppError('BADREQUESTERROR', reference, field ? { field } : undefined);

  return {
    /** What the form needs: the limits in force, the invoices that may be agreed, an open request. */
    async agreementOptions(p: Principal, raw: string) {
      const account = await heldAccount(p, raw);
      const open = await repo.openRequestFor(account.cc, PROCEDURE);
      return {
        cc: account.cc,
        holder: account.holder,
        limits: await limitsOf(p.space),
        invoices: await agreeable(account.cc),
        openRequestId: open ? formatRequestId(open) : null,
        today: today(),
      };
    },

    /** The holder asks: the invoices chosen, the plan within the limits, and why. */
    async askAgreement(p: Principal, input: AgreementRequestInput, lang: Lang) {
      const account = await heldAccount(p, input.cc);
      if (await repo.openRequestFor(account.cc, PROCEDURE)) throw fail(637, 'cc');
      const reason = input.reason.trim();
      const limits = await limitsOf(p.space);
      const open = await agreeable(account.cc);
      const chosen = [...new Set(input.invoiceIds)].map((id) => open.find((i) => i.id === id));
      if (!chosen.length) throw fail(630, 'invoiceIds');
      if (chosen.some((i) => !i)) throw fail(636, 'invoiceIds');
      const invoices = chosen.filter((i) => i !== undefined);
      const totalCents = invoices.reduce((s, i) => s + i.dueCents, 0);
      const plan = { downPaymentCents: input.downPaymentCents, instalments: input.instalments };
      const [problem] = agreementProblems(totalCents, plan, limits);
      if (problem) throw fail(problem.reference, problem.field);
      if (!reason) throw fail(635, 'reason');
      const rateKey = `contract-request-account:${p.userId}`;
      await consume(db, rateKey, ACCOUNT_CREATE_RATE);
      const agreement: AgreementPayload = { invoices, totalCents, asked: plan, limits, approved: null };
      const [between1, ...rest] = (account.betweenStreets ?? '').split(' y ');
      try {
        for (let attempt = 0; ; attempt++) {
          const requestId = requestIdFromBytes(randomBytes(10));
          try {
            return await repo.transaction(async (tx) => {
              const row = await repo.insertRequest(tx, {
                requestId,
                space: p.space,
                sector: account.clientType,
                procedureType: PROCEDURE,
                userId: p.userId,
                lang,
                fullName: account.holder,
                phone: input.phone?.trim() || null,
                municipality: account.municipalityPk,
                popularCouncil: account.popularCouncil,
                street: account.street,
                number: account.number ?? '',
                between1: between1 ?? '',
                between2: rest.join(' y '),
                reason,
                clientCode: account.cc,
                agreement,
              });
              await repo.insertEvent(tx, {
                requestId: row.id,
                kind: 'STATUS',
                status: 'NEW',
                actor: p.userId,
              });
              await writeTrace(tx, {
                space: row.space,
                type: 'CREATE',
                owner: p.userId,
                module: 'contract-requests',
                section: row.sector.toLowerCase(),
                entityId: row.id,
                after: traced(row),
              });
              await tellRequester(tx, row, null);
              return {
                requestId: formatRequestId(row.requestId),
                status: 'NEW' as const,
                createdAt: row.createdAt.toISOString(),
              };
            });
          } catch (err) {
            const constraint = uniqueConstraint(err);
            if (constraint === 'contract_requests_open_uq') throw fail(637, 'cc');
            if (constraint === 'contract_requests_request_id_uq' && attempt < 3) continue;
            throw err;
          }
        }
      } catch (err) {
        if (err instanceof AppError) await refund(db, rateKey, ACCOUNT_CREATE_RATE);
        throw err;
      }
    },

    /**
     * Staff of the sector approve, with the plan as asked or changed (within the limits in force): the
     * schedule starts today, the agreement document is drawn up, and the ledger is told (the built-in
     * one agrees the invoices and adds the items; one over HTTP is left to report them as agreed).
     */
    async approveAgreement(p: Principal, raw: string, body: AgreementApproval) {
      const view = await access.staffView(p);
      const seen = await access.byRequestId(raw);
      if (seen.procedureType !== PROCEDURE || !seen.agreement) throw fail(638);
      // What is due on the invoices now (a partial payment since the request changes the total).
      const open = seen.clientCode ? await agreeable(seen.clientCode) : [];
      const limits = await limitsOf(seen.space);
      const answer = body.answer?.trim() || null;
      const result = await repo.transaction(async (tx) => {
        const before = await access.byRequestId(raw, tx, true);
        access.assertMayProcess(p, view, before);
        const asked = before.agreement;
        if (!asked || !before.clientCode || !isOpenRequest(before.status as ContractRequestStatus))
          throw fail(640);
        if (body.version !== undefined && body.version !== before.version)
          throw new AppError('CONFLICTERROR', 409, {
            ref: formatRequestId(before.requestId),
            current: await detailsOf(repo, before, tx),
          });
        const invoices = asked.invoices.map((i) => open.find((o) => o.id === i.id));
        if (invoices.some((i) => !i)) throw fail(640);
        const current = invoices.filter((i) => i !== undefined);
        const totalCents = current.reduce((s, i) => s + i.dueCents, 0);
        const plan = {
          downPaymentCents: body.downPaymentCents ?? asked.asked.downPaymentCents,
          instalments: body.instalments ?? asked.asked.instalments,
        };
        const [problem] = agreementProblems(totalCents, plan, limits);
        if (problem) throw fail(problem.reference, problem.field);
        const on = today();
        const schedule = agreementSchedule(totalCents, plan, on);
        if (commercial.applyAgreement) {
          try {
            await commercial.applyAgreement(tx, {
              cc: before.clientCode,
              requestId: before.requestId,
              invoiceIds: current.map((i) => i.id),
              items: schedule,
            });
          } catch (err) {
            if (err instanceof LedgerRejection) throw fail(640);
            throw err;
          }
        }
        const agreement: AgreementPayload = {
          ...asked,
          invoices: current,
          totalCents,
          limits,
          approved: { ...plan, on, schedule },
        };
        const document = await drawUp(tx, { ...before, agreement }, on);
        return move(tx, p, before, 'SIGNED', answer, {
          agreement,
          contractDate: on,
          contractCode: document.code,
          contractFile: document.file,
        });
      });
      return detailsOf(repo, result);
    },

    /** Staff of the sector reject with a reason (any sector): the request is ANNULLED with it. */
    async rejectAgreement(p: Principal, raw: string, body: { reason: string; version?: number }) {
      const reason = body.reason.trim();
      const view = await access.staffView(p);
      const result = await repo.transaction(async (tx) => {
        const before = await access.byRequestId(raw, tx, true);
        access.assertMayProcess(p, view, before);
        if (before.procedureType !== PROCEDURE) throw fail(638);
        if (!isOpenRequest(before.status as ContractRequestStatus)) throw fail(640);
        if (!reason) throw fail(639, 'reason');
        if (body.version !== undefined && body.version !== before.version)
          throw new AppError('CONFLICTERROR', 409, {
            ref: formatRequestId(before.requestId),
            current: await detailsOf(repo, before, tx),
          });
        return move(tx, p, before, 'ANNULLED', reason, { annulReason: reason });
      });
      return detailsOf(repo, result);
    },
  };

  /** The agreement document (parties, invoices, schedule, signatures, verification code), stored. */
  async function drawUp(tx: Executor, row: Row & { agreement: AgreementPayload }, on: string) {
    const code = [...randomBytes(16)]
      .map((b) => BASE32[b % 32])
      .join('')
      .match(/.{4}/g)!
      .join('-');
    const lang: Lang = row.lang === 'en' ? 'en' : 'es';
    const requestId = formatRequestId(row.requestId);
    const approved = row.agreement.approved!;
    let pdf: Buffer;
    try {
      pdf = await renderAgreement(
        {
          requestId,
          clientCode: row.clientCode ?? '',
          holder: row.fullName,
          address: `${formatAddress({
            street: row.street,
            number: row.number || null,
            betweenStreets: [row.between1, row.between2].filter(Boolean).join(' y ') || null,
          })}, ${municipalityName(row.municipality)}`,
          invoices: row.agreement.invoices.map((i) => ({
            number: i.number,
            issuedOn: i.issuedOn,
            amount: formatMoney(i.dueCents),
          })),
          total: formatMoney(row.agreement.totalCents),
          schedule: approved.schedule.map((i) => ({
            n: i.n,
            of: i.of,
            dueOn: i.dueOn,
            amount: formatMoney(i.amountCents),
          })),
          date: new Intl.DateTimeFormat(lang === 'es' ? 'es-ES' : 'en-GB', { dateStyle: 'long' }).format(
            new Date(`${on}T12:00:00Z`),
          ),
          verificationCode: code,
          verifyUrl: `${deps.publicUrl}/api/ahab-requests/verify-document/${code}`,
        },
        lang,
      );
    } catch {
      throw new AppError('BADREQUESTERROR', 460);
    }
    const file = `${randomUUID()}.pdf`;
    await storage.put(file, pdf, tx);
    await repo.insertContractDocument(tx, {
      code,
      cc: row.clientCode ?? requestId,
      subject: `${lang === 'es' ? 'Convenio de pago' : 'Payment agreement'} · ${requestId}`,
      amountCents: row.agreement.totalCents,
    });
    return { code, file };
  }
}
