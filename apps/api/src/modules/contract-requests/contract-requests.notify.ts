import { CONTRACT_LABELS, type ContractRequestStatus, formatRequestId, type ProcedureType } from '@ov/domain';
import type { Executor } from '../../db/client';
import { type RateRule, tryConsume } from '../../lib/throttle';
import { keepOwnLinks } from '../mail';
import { createNotification, mailMessage } from '../notifications';
import type { ContractRequestsRepository, Row } from './contract-requests.repository';

/**
 * "Recibimos su solicitud" to an address nobody has proven (an anonymous request): at most one a day
 * per address, whoever sends the requests; the excess is dropped without a word.
 */
export const RECEIVED_MAIL_RATE: RateRule[] = [{ windowMs: 24 * 3600_000, max: 1 }];

/**
 * Tells the requester: the drawer (when the request has an owner) and an e-mail. Nothing typed by the
 * requester (names, addresses, answers) goes into a mail: no greeting by name, the subject holds the
 * request ID and the status only, and a staff answer keeps only links to our own site.
 */
export function createRequesterNotice(deps: {
  repo: Pick<ContractRequestsRepository, 'verifiedEmailOf'>;
  publicUrl: string;
}) {
  const { repo, publicUrl } = deps;

  /**
   * Where a request's mails go: a request with an owner writes only to the owner's verified account
   * e-mail (whatever address the form carried); an anonymous one to the address it was sent with.
   */
  const recipientOf = (tx: Executor, row: Row) =>
    row.userId ? repo.verifiedEmailOf(row.userId, tx) : Promise.resolve(row.email);

  return async function tellRequester(tx: Executor, row: Row, answer: string | null) {
    const requestId = formatRequestId(row.requestId);
    const status = row.status as ContractRequestStatus;
    if (row.userId) {
      await createNotification(tx, {
        space: row.space,
        owner: row.userId,
        type: 'TASK_UPDATE_STATE',
        payload: { body: { status, name: requestId }, requestId, kind: 'CONTRACT_REQUEST' },
        event: 'CONTRACT_REQUEST_STATUS',
        params: { requestId, status },
      });
    }
    const to = await recipientOf(tx, row);
    if (!to) return;
    // Counted in the request's transaction: a request that is not stored uses up nothing.
    if (
      status === 'NEW' &&
      !row.userId &&
      !(await tryConsume(tx, `request-received-mail:${to.trim().toLowerCase()}`, RECEIVED_MAIL_RATE))
    )
      return;
    const link = `${publicUrl}/oficina_virtual/search?id=${requestId}`;
    const words = (lang: 'es' | 'en') => CONTRACT_LABELS[lang];
    const es = words('es');
    const en = words('en');
    const proc = row.procedureType as ProcedureType;
    await mailMessage(tx, {
      to,
      lang: row.lang,
      name: null,
      kind: status === 'NEW' ? 'contract-request-received' : 'contract-request-status',
      texts: {
        es: {
          subject:
            status === 'NEW'
              ? `Recibimos su solicitud ${requestId}`
              : `Su solicitud ${requestId}: ${es.status[status]}`,
          body: [
            status === 'NEW'
              ? `Recibimos su solicitud de ${es.procedure[proc].toLowerCase()}. Su número de solicitud es ${requestId}.`
              : `Su solicitud ${requestId} (${es.procedure[proc].toLowerCase()}) está ahora: ${es.status[status]}.`,
            answer ? `Respuesta de la oficina comercial: ${keepOwnLinks(answer, publicUrl, 'es')}` : '',
            `Consulte el estado en ${link}`,
            status === 'NEW'
              ? `Comprobante en PDF: ${publicUrl}/api/contract-requests/lookup/${requestId}/receipt.pdf`
              : '',
          ]
            .filter(Boolean)
            .join('\n\n'),
        },
        en: {
          subject:
            status === 'NEW'
              ? `We received your request ${requestId}`
              : `Your request ${requestId}: ${en.status[status]}`,
          body: [
            status === 'NEW'
              ? `We received your ${en.procedure[proc].toLowerCase()} request. Your request number is ${requestId}.`
              : `Your request ${requestId} (${en.procedure[proc].toLowerCase()}) is now: ${en.status[status]}.`,
            answer ? `Answer from the commercial office: ${keepOwnLinks(answer, publicUrl, 'en')}` : '',
            `Check its status at ${link}`,
            status === 'NEW'
              ? `PDF receipt: ${publicUrl}/api/contract-requests/lookup/${requestId}/receipt.pdf`
              : '',
          ]
            .filter(Boolean)
            .join('\n\n'),
        },
      },
    });
  };
}
