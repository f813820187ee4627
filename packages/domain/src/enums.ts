export const USER_STATUSES = ['ACTIVE', 'UNVERIFIED', 'LOCK', 'DELETED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const CLIENT_TYPES = ['RESIDENTIAL', 'STATE', 'ESTATE_BIG_CLIENT'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

export const GENDERS = ['F', 'M', 'O'] as const;
export type Gender = (typeof GENDERS)[number];

export const CONTRACT_REQUEST_STATUSES = [
  'NEW',
  'PENDING',
  'DEBT_PENDING',
  'REVIEW',
  'SIGNATURE_READY',
  'SIGNED',
  'ANNULLED',
] as const;
export type ContractRequestStatus = (typeof CONTRACT_REQUEST_STATUSES)[number];

export const PROCEDURE_TYPES = [
  'NEW_CONTRACT',
  'UPDATE_CONTRACT',
  'OWNER_CHANGE',
  'NEW_CONNECTION',
  'METER_INSTALLATION',
  'CANCEL_CONTRACT',
  /** A payment agreement on a code's overdue invoices (issue 30): asked from the code's page. */
  'PAYMENT_AGREEMENT',
] as const;
export type ProcedureType = (typeof PROCEDURE_TYPES)[number];
/** The procedures of the contract-request form (a payment agreement is asked from the code's page). */
export const CONTRACT_FORM_PROCEDURES = PROCEDURE_TYPES.filter((p) => p !== 'PAYMENT_AGREEMENT');

export const PAYMENT_STATUSES = [
  'PENDING',
  'PENDING_REFUNDED',
  'CANCELED',
  'PAYED',
  'REFUNDED',
  'FAILED',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Where a payment stands in the utility's commercial system (design §7, COMMERCIAL_SYSTEM=http): the
 * posting outbox's row. PENDING: waiting to be applied (retried with backoff); POSTED: applied once;
 * REFUSED: the system refused it (409 `refusalReason`) and the customer or staff choose a refund or an
 * advance; RESOLVED: settled by that `choice`. Here, not in `payments/contracts.ts`, so that the payment
 * record's filter does not import zod (docs/web-performance.md).
 */
export const POSTING_STATUSES = ['PENDING', 'POSTED', 'REFUSED', 'RESOLVED'] as const;
export type PostingStatus = (typeof POSTING_STATUSES)[number];

export const PAYMENT_METHODS = ['ENZONA', 'TRANSFERMOVIL'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const GATEWAY_TYPES = ['ENZONA_GATEWAY_TYPE', 'TRANSFERMOVIL_GATEWAY_TYPE'] as const;
export type GatewayType = (typeof GATEWAY_TYPES)[number];

export const PAYMENT_TYPES = ['CC', 'ADELANTO'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const INVOICE_DISPLAY_STATUSES = [
  'Procesando',
  'Pendiente',
  'Conveniada',
  'Pagada',
  'Pago Parcial',
] as const;
export type InvoiceDisplayStatus = (typeof INVOICE_DISPLAY_STATUSES)[number];

export const TRACE_TYPES = ['CREATE', 'UPDATE', 'REMOVE', 'RESTORE'] as const;
export type TraceType = (typeof TRACE_TYPES)[number];

export const ACCESS_REQUEST_STATUSES = ['PENDING', 'ACCEPTED', 'REJECTED'] as const;
export type AccessRequestStatus = (typeof ACCESS_REQUEST_STATUSES)[number];

export const NOTIFICATION_TYPES = ['TASK_UPDATE_STATE', 'SHARE_FILE'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const ROLE_NAMES = { SUPER_ADMIN: 'SUPER_ADMIN', USER: 'USER' } as const;
export type RoleName = (typeof ROLE_NAMES)[keyof typeof ROLE_NAMES];

export const FILTER_TYPES = ['TERM', 'TERMS', 'RANGE', 'EQUAL', 'LESS_THAN', 'GREATER_THAN'] as const;
export type FilterType = (typeof FILTER_TYPES)[number];
