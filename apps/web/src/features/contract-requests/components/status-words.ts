import { hasAgreementWords } from '@ov/domain/contract-labels';
import type { ContractRequestStatus, ProcedureType } from '@ov/domain/enums';

/** The i18n key of a request's status words (a payment agreement's end states read approved / rejected). */
export const statusKey = (status: ContractRequestStatus, procedure?: ProcedureType) =>
  hasAgreementWords(procedure, status)
    ? `contractRequests.labels.agreementStatus.${status}`
    : `contractRequests.labels.status.${status}`;

/** The i18n key of what happens next to a request in this status. */
export const nextStepKey = (status: ContractRequestStatus, procedure?: ProcedureType) =>
  hasAgreementWords(procedure, status)
    ? `contractRequests.nextStepAgreement.${status}`
    : `contractRequests.nextStep.${status}`;
