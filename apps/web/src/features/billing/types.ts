import type {
  AccountSummary,
  advanceBalanceSchema,
  ClientCodeSummary,
  consumptionPointSchema,
  InvoiceDto,
  invoiceDetailSchema,
  totalDebtSchema,
} from '@ov/domain/billing/contracts';
import type { InvoiceDisplayStatus } from '@ov/domain/enums';
import type { z } from 'zod';

export type { AccountSummary, ClientCodeSummary, InvoiceDisplayStatus, InvoiceDto };
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;
export type ConsumptionPoint = z.infer<typeof consumptionPointSchema>;
export type TotalDebt = z.infer<typeof totalDebtSchema>;
export type AdvanceBalance = z.infer<typeof advanceBalanceSchema>;
export type StaffAccount = AccountSummary & { associated: boolean };

/** What the detail header shows, whoever asks (customer or staff). */
export interface CodeOverview {
  cc: string;
  holder: string;
  clientType: string;
  address: string;
  municipality: string;
  commercialOffice: string;
  active: boolean;
  policy: string | null;
  contractNumber: string | null;
  totalDebtCents: number;
  pendingInvoices: number | null;
  advanceBalanceCents: number;
  /** Last known figures (the commercial system did not answer): when they were read. */
  asOf?: string;
}

export interface InvoiceFilters {
  from?: string;
  to?: string;
  status?: InvoiceDisplayStatus[];
}
