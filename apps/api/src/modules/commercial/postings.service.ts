import {
  AppError,
  formatMoney,
  type PaymentPosting,
  type PaymentStatus,
  POSTING_REFUSAL_LABELS,
  type PostingChoice,
  type PostingChoiceResult,
  type PostingSummary,
  postingRefusedNotification,
} from '@ov/domain';
import type { Principal } from '../../core/principal';
import type { Executor } from '../../db/client';
import { writeTrace } from '../../lib/traces';
import { createNotification, mailMessage } from '../notifications';
import {
  type CommercialClient,
  CommercialRefusal,
  CommercialUnavailable,
  type RemotePayment,
} from './commercial.client';
import { createReconciliation } from './postings.reconciliation';
import type { PostingRow, PostingsRepository, PostingWithPayment } from './postings.repository';

/** Postings taken per round (posted side by side) and rounds per pass. */
const BATCH = 10;
const ROUNDS = 50;
/** Backoff after the n-th failed attempt: 5 s × 2^(n-1), at most 10 min, ±20 % jitter. */
const BACKOFF_BASE_MS = 5000;
export const BACKOFF_MAX_MS = 10 * 60_000;
/**
 * While the system is answering (it answered a posting within ANSWERING_WINDOW_MS), a posting whose
 * own attempt failed (an answer lost) waits at most 30 s: its failure says little about the system,
 * and minutes of backoff would leave it last long after the others landed.
 */
export const BACKOFF_ANSWERING_MAX_MS = 30_000;
const ANSWERING_WINDOW_MS = 60_000;

export function backoffMs(
  attempts: number,
  random: () => number = Math.random,
  maxMs: number = BACKOFF_MAX_MS,
): number {
  const base = Math.min(maxMs, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

export function toPostingDto(r: PostingRow): PaymentPosting {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    status: r.status as PaymentPosting['status'],
    type: r.type,
    attempts: r.attempts,
    postingId: r.postingId,
    refusalReason: r.refusalReason,
    choice: (r.choice as PostingChoice | null) ?? null,
    lastError: r.lastError,
    nextAttemptAt: r.status === 'PENDING' ? iso(r.nextAttemptAt) : null,
    postedAt: iso(r.postedAt),
    refusedAt: iso(r.refusedAt),
    resolvedAt: iso(r.resolvedAt),
  };
}

export interface PostingsDeps {
  postings: PostingsRepository;
  /** The contract's HTTP client (null with the built-in ledger: nothing is ever posted). */
  client: CommercialClient | null;
  /** The refund path of payments (PAYED → PENDING_REFUNDED → the gateway's refund). */
  refunds: {
    request(p: Principal, id: string, reason: string): Promise<{ status: string }>;
  };
  publicUrl: string;
  /** How long a pass holds the postings it took (a killed process lets them go after it). */
  leaseMs: number;
  random?: () => number;
  log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

export interface PostingPass {
  posted: number;
  refused: number;
  retried: number;
}

/**
 * The posting outbox (design §7): the jobs process posts every confirmed payment to the commercial
 * system with the payment id as Idempotency-Key, retried with backoff until it is accepted; a refused
 * one (409) is kept, the customer is told, and the customer (or staff) chooses a refund through the
 * gateway or an advance on the code.
 */
export function createPostingsService(deps: PostingsDeps) {
  const { postings, client } = deps;
  const random = deps.random ?? Math.random;
  /** When the commercial system last answered a posting (accepted or refused), in this process. */
  let lastAnswerAt = Number.NEGATIVE_INFINITY;
  const answering = () => Date.now() - lastAnswerAt < ANSWERING_WINDOW_MS;

  /** Tells the payer a posting was refused: the drawer and an e-mail (no text anyone typed). */
  async function tellRefused(tx: Executor, found: PostingWithPayment, reason: string) {
    const pay = found.payment;
    // A guest (paid without an account) has no drawer to choose in: staff settle it (posting/settle).
    if (!pay || pay.userId === null) return;
    const params = {
      paymentId: found.posting.paymentId,
      amountCents: pay.amountCents,
      cc: pay.cc,
      method: pay.method,
      reason,
    };
    await createNotification(tx, {
      space: pay.space,
      owner: pay.userId,
      type: 'TASK_UPDATE_STATE',
      payload: {
        body: { status: 'REFUSED', name: `${formatMoney(pay.amountCents)} · ${pay.cc}` },
        module: 'payments',
        paymentId: found.posting.paymentId,
        posting: 'REFUSED',
      },
      event: 'PAYMENT_POSTING_REFUSED',
      params,
    });
    if (!found.owner?.email) return;
    const link = (m: { link: string | null }) => `${deps.publicUrl}/oficina_virtual${m.link}`;
    const es = postingRefusedNotification(params, 'es');
    const en = postingRefusedNotification(params, 'en');
    await mailMessage(tx, {
      to: found.owner.email,
      lang: found.owner.language,
      name: null,
      kind: 'payment-posting-refused',
      texts: {
        es: {
          subject: `${es.title} · ${formatMoney(pay.amountCents)}`,
          body: `${es.text}\n\nElija en ${link(es)}`,
        },
        en: {
          subject: `${en.title} · ${formatMoney(pay.amountCents)}`,
          body: `${en.text}\n\nChoose at ${link(en)}`,
        },
      },
    });
  }

  async function trace(tx: Executor, before: PostingRow, after: PostingRow, actor: string | null) {
    const pick = (r: PostingRow) => ({
      status: r.status,
      type: r.type,
      refusalReason: r.refusalReason,
      choice: r.choice,
      postingId: r.postingId,
    });
    await writeTrace(tx, {
      space: after.space,
      type: 'UPDATE',
      owner: actor,
      module: 'payments',
      section: 'commercial-postings',
      entityId: after.paymentId,
      before: pick(before),
      after: pick(after),
    });
  }

  /** Posts one leased posting and records what the commercial system answered. */
  async function postOne(row: PostingRow, pass: PostingPass, api: CommercialClient, failedNow: string[]) {
    try {
      const { postingId } = await api.postPayment(row.body as unknown as RemotePayment);
      lastAnswerAt = Date.now();
      await postings.transaction(async (tx) => {
        const after = await postings.markPosted(row.paymentId, postingId, tx);
        if (after) await trace(tx, row, after, null);
      });
      pass.posted++;
    } catch (err) {
      if (err instanceof CommercialRefusal) {
        lastAnswerAt = Date.now();
        await postings.transaction(async (tx) => {
          const found = await postings.lockWithPayment(row.paymentId, tx);
          const after = await postings.markRefused(row.paymentId, err.reason, tx);
          if (!found || !after) return;
          await trace(tx, found.posting, after, null);
          await tellRefused(tx, found, err.reason);
        });
        pass.refused++;
        deps.log?.warn(
          { paymentId: row.paymentId, reason: err.reason },
          'the commercial system refused a posting; the customer chooses refund or advance',
        );
        return;
      }
      const message = err instanceof Error ? err.message : String(err);
      const cap = answering() ? BACKOFF_ANSWERING_MAX_MS : BACKOFF_MAX_MS;
      const next = new Date(Date.now() + backoffMs(row.attempts + 1, random, cap));
      await postings.markRetry(row.paymentId, next, message);
      failedNow.push(row.paymentId);
      pass.retried++;
      if (!(err instanceof CommercialUnavailable))
        deps.log?.warn({ err, paymentId: row.paymentId }, 'posting failed unexpectedly; retried later');
    }
  }

  return {
    enabled: client !== null,
    /** The daily reconciliation report (CSV). */
    reconciliation: createReconciliation({ postings, http: client !== null }),

    /**
     * One pass of the outbox (the jobs process, under LOCKS.commercialPostings): due PENDING postings
     * are leased in rounds of BATCH and posted; each ends POSTED, REFUSED, or back to PENDING with a
     * later attempt.
     */
    async postOnce(): Promise<PostingPass> {
      const pass: PostingPass = { posted: 0, refused: 0, retried: 0 };
      if (!client) return pass;
      const failedNow: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const rows = await postings.lease(BATCH, deps.leaseMs);
        if (!rows.length) break;
        await Promise.all(rows.map((r) => postOne(r, pass, client, failedNow)));
      }
      // It answered: what waited out an outage need not wait out its backoff too (minutes, after a
      // long one); the next pass posts it. A posting failing on its own keeps backing off.
      if (pass.posted > 0 || pass.refused > 0) await postings.wakeWaiting(failedNow);
      return pass;
    },

    /**
     * The answer to a refused posting: REFUND sends the payment through the refund path (its gateway;
     * Transfermóvil waits for staff to confirm), ADVANCE posts it again as an advance (type ADELANTO,
     * no invoices, the same amount and key). `as`: the payer (owner only), or staff of the space.
     * 415 unknown or not theirs; 487 not REFUSED; 482 a refund of a payment no longer PAYED.
     */
    async choose(
      p: Principal,
      paymentId: string,
      choice: PostingChoice,
      as: 'owner' | 'staff',
    ): Promise<PostingChoiceResult> {
      const { posting, paymentStatus } = await postings.transaction(async (tx) => {
        const found = await postings.lockWithPayment(paymentId, tx);
        if (!found || found.posting.space !== p.space) throw new AppError('NOTFOUND', 415);
        if (as === 'owner' && found.payment?.userId !== p.userId) throw new AppError('NOTFOUND', 415);
        const before = found.posting;
        if (before.status !== 'REFUSED') throw new AppError('CONFLICTERROR', 487, { status: before.status });
        let after: PostingRow | null;
        if (choice === 'REFUND') {
          const status = found.payment?.status;
          if (status !== 'PAYED' && status !== 'PENDING_REFUNDED')
            throw new AppError('CONFLICTERROR', 482, { status });
          after = await postings.resolveRefund(paymentId, tx);
        } else {
          // Money already on its way back (refunded by staff meanwhile) is no advance.
          if (found.payment && found.payment.status !== 'PAYED')
            throw new AppError('CONFLICTERROR', 487, { status: found.payment.status });
          const body = { ...before.body, type: 'ADELANTO', invoices: [] };
          after = await postings.requeueAsAdvance(paymentId, body, tx);
        }
        if (!after) throw new AppError('CONFLICTERROR', 487);
        await trace(tx, before, after, p.userId);
        return { posting: after, paymentStatus: (found.payment?.status ?? 'PAYED') as PaymentStatus };
      });
      let status = paymentStatus;
      if (choice === 'REFUND') {
        const reason = `${POSTING_REFUSAL_LABELS.es[posting.refusalReason ?? ''] ?? posting.refusalReason}: devolución elegida (${as === 'owner' ? 'cliente' : 'oficina'})`;
        try {
          status = (await deps.refunds.request(p, paymentId, reason)).status as PaymentStatus;
        } catch (err) {
          // The gateway failed: the payment stays PENDING_REFUNDED and staff retry the refund.
          deps.log?.warn({ err, paymentId }, 'refund after a refused posting did not finish');
          const now = await postings.lockWithPayment(paymentId);
          status = (now?.payment?.status ?? status) as PaymentStatus;
        }
      }
      return { paymentId, paymentStatus: status, posting: toPostingDto(posting) };
    },

    /** The dashboard card: postings waiting and refused in the space (nothing with the built-in ledger). */
    async summary(space: string): Promise<PostingSummary> {
      if (!client) return { enabled: false, pending: 0, refused: 0, oldestPendingAt: null };
      const c = await postings.counts(space);
      return { enabled: true, ...c, oldestPendingAt: c.oldestPendingAt?.toISOString() ?? null };
    },
  };
}
export type PostingsService = ReturnType<typeof createPostingsService>;
