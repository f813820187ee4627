import type { ContractSector } from './contract-requests';
import type { ContractRequestStatus, ProcedureType } from './enums';

// ————— Labels (the API's PDFs and e-mails and the web's i18n read the same words) —————

export const CONTRACT_LABELS = {
  es: {
    sector: { RESIDENTIAL: 'Residencial', STATE: 'Estatal', ESTATE_BIG_CLIENT: 'Grandes clientes' },
    procedure: {
      NEW_CONTRACT: 'Contrato nuevo',
      UPDATE_CONTRACT: 'Actualización de contrato',
      OWNER_CHANGE: 'Cambio de titular',
      NEW_CONNECTION: 'Nueva acometida',
      METER_INSTALLATION: 'Instalación de metro contador',
      CANCEL_CONTRACT: 'Baja del contrato',
      PAYMENT_AGREEMENT: 'Convenio de pago',
    },
    status: {
      NEW: 'Nueva',
      PENDING: 'En trámite',
      DEBT_PENDING: 'Detenida por deuda',
      REVIEW: 'En revisión',
      SIGNATURE_READY: 'Lista para firmar',
      SIGNED: 'Firmada',
      ANNULLED: 'Anulada',
    },
  },
  en: {
    sector: { RESIDENTIAL: 'Residential', STATE: 'State', ESTATE_BIG_CLIENT: 'Big clients' },
    procedure: {
      NEW_CONTRACT: 'New contract',
      UPDATE_CONTRACT: 'Contract update',
      OWNER_CHANGE: 'Change of holder',
      NEW_CONNECTION: 'New connection',
      METER_INSTALLATION: 'Water meter installation',
      CANCEL_CONTRACT: 'Contract termination',
      PAYMENT_AGREEMENT: 'Payment agreement',
    },
    status: {
      NEW: 'New',
      PENDING: 'In progress',
      DEBT_PENDING: 'On hold for debt',
      REVIEW: 'Under review',
      SIGNATURE_READY: 'Ready to sign',
      SIGNED: 'Signed',
      ANNULLED: 'Annulled',
    },
  },
} as const satisfies Record<
  'es' | 'en',
  {
    sector: Record<ContractSector, string>;
    procedure: Record<ProcedureType, string>;
    status: Record<ContractRequestStatus, string>;
  }
>;

/**
 * A payment agreement (procedure PAYMENT_AGREEMENT) goes through the same status machine, but its end
 * states read as what they mean to its holder: approved (SIGNED) or rejected (ANNULLED).
 */
export const AGREEMENT_STATUS_LABELS = {
  es: { SIGNED: 'Aprobada', ANNULLED: 'Rechazada' },
  en: { SIGNED: 'Approved', ANNULLED: 'Rejected' },
} as const satisfies Record<'es' | 'en', Partial<Record<ContractRequestStatus, string>>>;

/** Whether a status of a request of this procedure has its own agreement words. */
export function hasAgreementWords(
  procedure: ProcedureType | string | undefined,
  status: ContractRequestStatus,
): status is 'SIGNED' | 'ANNULLED' {
  return procedure === 'PAYMENT_AGREEMENT' && (status === 'SIGNED' || status === 'ANNULLED');
}

/** The words of a request's status in a language (an agreement's end states as approved / rejected). */
export function requestStatusLabel(
  language: 'es' | 'en',
  procedure: ProcedureType | string | undefined,
  status: ContractRequestStatus,
): string {
  return hasAgreementWords(procedure, status)
    ? AGREEMENT_STATUS_LABELS[language][status]
    : CONTRACT_LABELS[language].status[status];
}
