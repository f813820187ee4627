import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { AppError, formatRequestId } from '@ov/domain';
import type { Principal } from '../../core/principal';
import type { Db } from '../../db/client';
import { consume, MAIL_RATE, type RateRule, refund, tryConsume } from '../../lib/throttle';
import { writeTrace } from '../../lib/traces';
import { mailMessage } from '../notifications';
import type { RequestAccess } from './contract-requests.access';
import type { ContractRequestsRepository, Row } from './contract-requests.repository';

/** A claim code lives 30 minutes and dies after five wrong tries. */
export const CLAIM_CODE_TTL_MS = 30 * 60_000;
const MAX_TRIES = 5;
/** Codes asked for per account: 10 an hour (429). */
const CLAIM_ASK_RATE: RateRule[] = [{ windowMs: 3600_000, max: 10 }];
/** Wrong codes per account: 5 in 15 minutes, each try takes a slot up front, a right one gives it back. */
const CLAIM_TRY_RATE: RateRule[] = [{ windowMs: 15 * 60_000, max: 5 }];

/** Bound to the claim row: the same six digits for another request or account are another hash. */
const codeHash = (claimId: string, code: string) =>
  createHash('sha256').update(`${claimId}:${code}`).digest('hex');

/**
 * An anonymous request stays anonymous until someone proves the address it was sent with: a signed-in
 * customer asks for a code, which is e-mailed to the request's address, and gives it back. Nothing is
 * attached because an e-mail matches (a stranger could name anyone's address).
 */
export function createRequestClaims(deps: {
  db: Db;
  repo: ContractRequestsRepository;
  access: RequestAccess;
}) {
  const { db, repo } = deps;
  const { byRequestId } = deps.access;

  /** The request a customer may claim: someone else's (or unknown) 415, theirs 495, no e-mail 496. */
  function claimable(p: Principal, row: Row) {
    if (row.space !== p.space) throw new AppError('NOTFOUND', 415);
    if (row.userId === p.userId) throw new AppError('BADREQUESTERROR', 495);
    if (row.userId) throw new AppError('NOTFOUND', 415);
    if (!row.email) throw new AppError('BADREQUESTERROR', 496);
    return row.email;
  }

  return {
    /**
     * E-mails a six-digit code to the request's address. Per account 10 asks an hour (429); per
     * request and account one mail a minute and five a day, the excess dropped without a word.
     */
    async askClaimCode(p: Principal, raw: string) {
      const row = await byRequestId(raw);
      const to = claimable(p, row);
      await consume(db, `request-claim-ask:${p.userId}`, CLAIM_ASK_RATE);
      if (!(await tryConsume(db, `request-claim-mail:${row.id}:${p.userId}`, MAIL_RATE))) return;
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const requestId = formatRequestId(row.requestId);
      await repo.transaction(async (tx) => {
        // A new code spends the older ones of the same request and account.
        const claimId = await repo.newClaim(tx, row.id, p.userId, new Date(Date.now() + CLAIM_CODE_TTL_MS));
        await repo.setClaimCodeHash(tx, claimId, codeHash(claimId, code));
        await writeTrace(tx, {
          space: row.space,
          type: 'CREATE',
          owner: p.userId,
          module: 'contract-requests',
          section: 'claim-code',
          entityId: row.id,
          after: { claimCode: claimId, requestedBy: p.userId },
        });
        // Fixed words only: the request ID and the code, nothing anyone typed.
        await mailMessage(tx, {
          to,
          lang: row.lang,
          kind: 'contract-request-claim-code',
          texts: {
            es: {
              subject: `Código para su solicitud ${requestId}`,
              body: `Alguien con una cuenta de la Oficina Virtual quiere añadir a su cuenta la solicitud ${requestId}, que se envió con esta dirección de correo.\n\nSi es usted, escriba este código en la página de la solicitud: ${code}\n\nEl código caduca en 30 minutos y solo puede usarse una vez. Si no lo pidió, ignore este mensaje: la solicitud no cambia.`,
            },
            en: {
              subject: `Code for your request ${requestId}`,
              body: `Someone with a Virtual Office account wants to add request ${requestId}, which was sent with this e-mail address, to their account.\n\nIf it is you, type this code on the request's page: ${code}\n\nThe code expires in 30 minutes and works only once. If you did not ask for it, ignore this message: the request does not change.`,
            },
          },
        });
      });
    },

    /**
     * Claims the request with the code e-mailed to its address: wrong or spent 493, expired 494; the
     * request becomes the caller's, the creation's upload token stops working, and the change is traced.
     */
    async claim(p: Principal, raw: string, code: string) {
      const row = await byRequestId(raw);
      claimable(p, row);
      const key = `request-claim-try:${p.userId}`;
      await consume(db, key, CLAIM_TRY_RATE);
      const done = await repo.transaction(async (tx) => {
        const claim = await repo.latestOpenClaim(tx, row.id, p.userId);
        if (!claim) return { error: 493 as const };
        if (claim.expiresAt.getTime() <= Date.now()) return { error: 494 as const };
        const right = timingSafeEqual(Buffer.from(codeHash(claim.id, code)), Buffer.from(claim.codeHash));
        if (!right) {
          await repo.countWrongTry(tx, claim, claim.attempts + 1 >= MAX_TRIES);
          return { error: 493 as const };
        }
        await repo.spendClaim(tx, claim.id);
        const after = await repo.takeOwnership(tx, row.id, p.userId);
        if (!after) return { error: 415 as const };
        await writeTrace(tx, {
          space: row.space,
          type: 'UPDATE',
          owner: p.userId,
          module: 'contract-requests',
          section: 'claim',
          entityId: row.id,
          before: { userId: null, claimCode: claim.id },
          after: { userId: p.userId, claimCode: claim.id },
        });
        return { row: after };
      });
      if ('error' in done) {
        if (done.error === 415) throw new AppError('NOTFOUND', 415);
        throw new AppError('BADREQUESTERROR', done.error);
      }
      await refund(db, key, CLAIM_TRY_RATE);
      return done.row;
    },
  };
}
