import {
  type ContractRequestStatus,
  type ContractSector,
  formatRequestId,
  type ProcedureType,
} from '@ov/domain';
import type { Executor } from '../../db/client';
import type {
  AttachmentRow,
  ContractRequestsRepository,
  EventRow,
  Row,
} from './contract-requests.repository';

// What the contract-request answers carry: the public progress, list rows, the whole request.

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

export function fullDto(r: Row, events: EventRow[], attachments: AttachmentRow[]) {
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
    agreement: r.agreement ?? null,
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
export function attachmentDto(a: AttachmentRow) {
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
export async function detailsOf(repo: ContractRequestsRepository, row: Row, ex?: Executor) {
  const { events, attachments } = await repo.detailsOf(row.id, ex);
  return fullDto(row, events, attachments);
}
