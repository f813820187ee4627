import type { AgreementLimits, AgreementPayload } from '@ov/domain/agreements';
import type { ContractRequestInput } from '@ov/domain/contract-request-input';
import type { ContractSector, ContractStaffPatch } from '@ov/domain/contract-requests';
import type { ContractRequestStatus, ProcedureType } from '@ov/domain/enums';
import { api } from '../../../lib/api-client';
import { toApiError } from '../../../lib/api-error';
import { type ListParams, type ListResult, type QuerySpec, searchList } from '../../../lib/list-query';
import { patchVersioned } from '../../../lib/resource-calls';
import { getSession } from '../../../lib/session';
import { API_BASE } from '../../../lib/urls';

const BASE = '/contract-requests';
export const CONTRACT_REQUESTS_KEY = ['contract-requests'] as const;

export interface RequestSummary {
  _id: string;
  requestId: string;
  status: ContractRequestStatus;
  sector: ContractSector;
  procedureType: ProcedureType;
  fullName: string;
  entity: string | null;
  municipality: number;
  clientCode: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface RequestEvent {
  kind: 'STATUS' | 'ANSWER' | 'FIELDS' | 'ATTACHMENT';
  status: ContractRequestStatus;
  answer: string | null;
  at: string;
}

export interface RequestAttachment {
  _id: string;
  kind: string;
  contentType: string;
  fileName: string;
  bytes: number;
  createdAt: string;
}

export interface ContractRequest extends RequestSummary {
  owned: boolean;
  nationalId: string | null;
  entityCode: string | null;
  phone: string | null;
  email: string | null;
  popularCouncil: string | null;
  address: { street: string; number: string; between1: string; between2: string };
  reason: string | null;
  nucleusPeople: number | null;
  metered: boolean;
  hydrometerNumber: string | null;
  connectionRequestNumber: string | null;
  legalRepresentative: string | null;
  bankAccount: string | null;
  owner: string | null;
  contractNumber: string | null;
  policy: string | null;
  commercialOffice: string | null;
  contractPlace: string | null;
  contractDate: string | null;
  answer: string | null;
  annulReason: string | null;
  newClientCode: string | null;
  contractCode: string | null;
  hasContract: boolean;
  /** A payment agreement's invoices and plans (procedure PAYMENT_AGREEMENT), null otherwise. */
  agreement: AgreementPayload | null;
  version: number;
  history: RequestEvent[];
  attachments: RequestAttachment[];
}

export interface PublicRequest {
  requestId: string;
  status: ContractRequestStatus;
  sector: ContractSector;
  procedureType: ProcedureType;
  municipality: number;
  createdAt: string;
  updatedAt: string;
  history: { status: ContractRequestStatus; at: string }[];
}

export interface Created {
  requestId: string;
  status: 'NEW';
  createdAt: string;
  uploadToken: string;
}

export interface ValidateReq {
  valid: boolean;
  active: boolean;
  clientType?: ContractSector;
  hasDebt?: boolean;
  openRequestId?: string | null;
}

const enc = encodeURIComponent;

/** One of the signed-in customer's associated client codes, as the request form offers them. */
export interface MyCode {
  cc: string;
  holder: string;
  address: string;
  active: boolean;
}

/** The signed-in customer's associated client codes (to choose the contract to update). */
export const myCodesQuery = (enabled: boolean) => ({
  queryKey: [...CONTRACT_REQUESTS_KEY, 'my-codes'],
  queryFn: ({ signal }: { signal: AbortSignal }) => api.post<MyCode[]>('/ahab-requests/my-ccs', {}, signal),
  enabled,
  staleTime: 60_000,
});

export const sendRequest = (input: ContractRequestInput) => api.post<Created>(BASE, input);

export const validateReq = (cc: string, procedureType: ProcedureType, proof?: string) =>
  api.post<ValidateReq>('/ahab-requests/validate-req', { cc, procedureType, ...(proof ? { proof } : {}) });

export const lookupRequest = (requestId: string, signal?: AbortSignal) =>
  api.get<PublicRequest>(`${BASE}/lookup/${enc(requestId)}`, signal);

export const receiptUrl = (requestId: string, language: string) =>
  `${API_BASE}${BASE}/lookup/${enc(requestId)}/receipt.pdf?lang=${language}`;

export const requestsQuery = (params: ListParams): QuerySpec<ListResult<RequestSummary>> => ({
  queryKey: [...CONTRACT_REQUESTS_KEY, 'list', params],
  queryFn: ({ signal }) => searchList<RequestSummary>(`${BASE}/search`, params, signal),
});

export const countsQuery = (filters: ListParams['filters'], search: string) => ({
  queryKey: [...CONTRACT_REQUESTS_KEY, 'counts', filters, search],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.post<{ status: ContractRequestStatus; count: number }[]>(
      `${BASE}/counts`,
      { page: 1, size: 1, search, filters },
      signal,
    ),
});

export const requestQuery = (requestId: string): QuerySpec<ContractRequest> => ({
  queryKey: [...CONTRACT_REQUESTS_KEY, 'one', requestId],
  queryFn: ({ signal }) => api.get<ContractRequest>(`${BASE}/${enc(requestId)}`, signal),
});

export const transition = (requestId: string, to: ContractRequestStatus, answer?: string, version?: number) =>
  api.post<ContractRequest>(`${BASE}/${enc(requestId)}/transition`, {
    to,
    ...(answer ? { answer } : {}),
    ...(version !== undefined ? { version } : {}),
  });

export const annul = (requestId: string, reason: string, version?: number) =>
  api.post<ContractRequest>(`${BASE}/${enc(requestId)}/annul`, { reason, version });

export const saveStaffFields = (
  requestId: string,
  fields: Omit<ContractStaffPatch, 'version' | 'force'>,
  version: number,
  force = false,
) => patchVersioned<ContractRequest>(`${BASE}/${enc(requestId)}`, fields, version, force);

// ————— Payment agreements (asked from a code's page) —————

export interface AgreementOptions {
  cc: string;
  holder: string;
  limits: AgreementLimits;
  invoices: { id: string; number: string; issuedOn: string; dueCents: number }[];
  openRequestId: string | null;
  today: string;
}

export const agreementOptionsQuery = (cc: string) => ({
  queryKey: [...CONTRACT_REQUESTS_KEY, 'agreement-options', cc],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get<AgreementOptions>(`/payment-agreements/options/${enc(cc)}`, signal),
});

export const askAgreement = (body: {
  cc: string;
  invoiceIds: string[];
  downPaymentCents: number;
  instalments: number;
  reason: string;
}) => api.post<{ requestId: string; status: 'NEW' }>('/payment-agreements', body);

export const approveAgreement = (
  requestId: string,
  body: { downPaymentCents: number; instalments: number; answer?: string; version: number },
) => api.post<ContractRequest>(`${BASE}/${enc(requestId)}/agreement/approve`, body);

export const rejectAgreement = (requestId: string, reason: string, version: number) =>
  api.post<ContractRequest>(`${BASE}/${enc(requestId)}/agreement/reject`, { reason, version });

export const contractPath = (requestId: string) => `${BASE}/${enc(requestId)}/contract`;
export const attachmentPath = (requestId: string, id: string) =>
  `${BASE}/${enc(requestId)}/attachments/${enc(id)}`;

/** Multipart upload with the creation's token (anonymous) or the session (owner). */
export async function uploadAttachment(
  requestId: string,
  file: File,
  kind: string,
  uploadToken: string | undefined,
  language: string,
) {
  const body = new FormData();
  body.append('kind', kind);
  body.append('file', file, file.name);
  const token = getSession()?.accessToken;
  const response = await fetch(`${API_BASE}${BASE}/${enc(requestId)}/attachments`, {
    method: 'POST',
    body,
    headers: {
      Accept: 'application/json',
      'Accept-Language': language,
      ...(uploadToken ? { 'x-upload-token': uploadToken } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as RequestAttachment;
}

/** Opens an attachment (bearer token: fetched, shown from a blob URL in a new tab). */
export async function openAttachment(requestId: string, a: RequestAttachment) {
  const token = getSession()?.accessToken;
  const response = await fetch(`${API_BASE}${attachmentPath(requestId, a._id)}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw await toApiError(response);
  const url = URL.createObjectURL(await response.blob());
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
