import {
  type ContractRequestStatus,
  type ContractSector,
  formatRequestId,
  type ProcedureType,
} from '@ov/domain';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contractRequestAttachments, contractRequestEvents, contractRequests } from '../../db/schema';
import type { SearchSpec } from '../../lib/search';

/** What the contract-request answers carry: the public progress, list rows, the whole request. */
export type Row = typeof contractRequests.$inferSelect;
const t = contractRequests;

export const contractRequestSearchSpec: SearchSpec = {
  searchColumns: [t.fullName, t.entity, t.clientCode, t.requestId],
  filterFields: {
    sector: t.sector,
    status: t.status,
    municipality: t.municipality,
    procedureType: t.procedureType,
    createdAt: t.createdAt,
  },
  sortFields: { createdAt: t.createdAt, updatedAt: t.updatedAt, status: t.status, fullName: t.fullName },
  // The oldest first: who has waited longest is served first.
  defaultSort: [asc(t.createdAt), asc(t.id)],
};

/** What anyone holding the request ID may see: the progress, nothing personal. */
export function publicDto(r: Row, history: { status: string; at: Date }[]) {
  return {
    requestId: formatRequestId(r.requestId),
    status: r.status as ContractRequestStatus,
    sector: r.sector as ContractSector,
    procedureType: r.procedureType as ProcedureType,
    municipality: r.municipality,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    history: history.map((h) => ({ status: h.status as ContractRequestStatus, at: h.at.toISOString() })),
  };
}

/** A row of a list (queues and "Mis solicitudes"). */
export function summaryDto(r: Row) {
  return {
    _id: r.id,
    requestId: formatRequestId(r.requestId),
    status: r.status as ContractRequestStatus,
    sector: r.sector as ContractSector,
    procedureType: r.procedureType as ProcedureType,
    fullName: r.fullName,
    entity: r.entity,
    municipality: r.municipality,
    clientCode: r.clientCode,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function fullDto(
  r: Row,
  events: (typeof contractRequestEvents.$inferSelect)[],
  attachments: (typeof contractRequestAttachments.$inferSelect)[],
) {
  return {
    ...summaryDto(r),
    owned: r.userId !== null,
    nationalId: r.nationalId,
    entityCode: r.entityCode,
    phone: r.phone,
    email: r.email,
    popularCouncil: r.popularCouncil,
    address: { street: r.street, number: r.number, between1: r.between1, between2: r.between2 },
    reason: r.reason,
    nucleusPeople: r.nucleusPeople,
    metered: r.metered,
    hydrometerNumber: r.hydrometerNumber,
    connectionRequestNumber: r.connectionRequestNumber,
    legalRepresentative: r.legalRepresentative,
    bankAccount: r.bankAccount,
    owner: r.owner,
    contractNumber: r.contractNumber,
    policy: r.policy,
    commercialOffice: r.commercialOffice,
    contractPlace: r.contractPlace,
    contractDate: r.contractDate,
    answer: r.answer,
    annulReason: r.annulReason,
    newClientCode: r.newClientCode,
    contractCode: r.contractCode,
    hasContract: r.contractFile !== null,
    lang: r.lang,
    version: r.version,
    history: events.map((e) => ({
      kind: e.kind,
      status: e.status as ContractRequestStatus,
      answer: e.answer,
      at: e.at.toISOString(),
    })),
    attachments: attachments.map(attachmentDto),
  };
}

/** One attached file, without its bytes. */
export function attachmentDto(a: typeof contractRequestAttachments.$inferSelect) {
  return {
    _id: a.id,
    kind: a.kind,
    contentType: a.contentType,
    fileName: a.fileName,
    bytes: a.bytes,
    createdAt: a.createdAt.toISOString(),
  };
}
export type ContractRequestDto = ReturnType<typeof fullDto>;

export const traced = ({ uploadTokenHash: _h, uploadTokenExpiresAt: _e, contractFile: _f, ...rest }: Row) =>
  rest;

/** The whole request with its history and attachments. */
export async function detailsOf(ex: Executor, row: Row) {
  const [events, files] = await Promise.all([
    ex
      .select()
      .from(contractRequestEvents)
      .where(eq(contractRequestEvents.requestId, row.id))
      .orderBy(asc(contractRequestEvents.at), asc(contractRequestEvents.id)),
    ex
      .select()
      .from(contractRequestAttachments)
      .where(eq(contractRequestAttachments.requestId, row.id))
      .orderBy(asc(contractRequestAttachments.createdAt)),
  ]);
  return fullDto(row, events, files);
}
