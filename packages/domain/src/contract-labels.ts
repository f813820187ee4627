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
