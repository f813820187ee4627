import { CONTRACT_LABELS, type ContractRequestStatus, formatRequestId, type ProcedureType } from '@ov/domain';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import { mailMessage } from '../notifications/notifications.mail';
import { createNotification } from '../notifications/notifications.service';
import type { Row } from './contract-requests.dto';

/** Tells the requester: the drawer (when the request has an owner) and an e-mail (when known). */
export async function tellRequester(tx: Executor, row: Row, answer: string | null, publicUrl: string) {
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
  let to = row.email;
  let name: string | null = row.fullName;
  if (!to && row.userId) {
    const [u] = await tx
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, row.userId));
    to = u?.email ?? null;
    name = u?.firstName ?? name;
  }
  if (!to) return;
  const link = `${publicUrl}/oficina_virtual/search?id=${requestId}`;
  const words = (lang: 'es' | 'en') => CONTRACT_LABELS[lang];
  const es = words('es');
  const en = words('en');
  const proc = row.procedureType as ProcedureType;
  await mailMessage(tx, {
    to,
    lang: row.lang,
    name,
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
          answer ? `Respuesta de la oficina comercial: ${answer}` : '',
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
          answer ? `Answer from the commercial office: ${answer}` : '',
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
}
