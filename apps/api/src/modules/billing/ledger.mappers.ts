import type { InvoiceStatus } from '@ov/domain';
import {
  amountDueCents,
  type ClientType,
  findMunicipality,
  type InvoiceDto,
  invoiceDisplayStatus,
} from '@ov/domain';
import type { LedgerAccount, OpenInvoice } from './commercial-system';
import type { AccountRow, InvoiceRow } from './ledger.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The built-in ledger's invoice ids are uuids (a commercial system over HTTP uses invoice numbers). */
export const isUuid = (id: string) => UUID.test(id);

export function formatAddress(a: Pick<AccountRow, 'street' | 'number' | 'betweenStreets'>): string {
  const main = [a.street, a.number ? `No. ${a.number}` : null].filter(Boolean).join(' ');
  return a.betweenStreets ? `${main}, e/ ${a.betweenStreets}` : main;
}

export function toLedgerAccount(a: AccountRow): LedgerAccount {
  return {
    space: a.space,
    cc: a.cc,
    holder: a.holderName,
    clientType: a.clientType as ClientType,
    street: a.street,
    number: a.number,
    betweenStreets: a.betweenStreets,
    municipality: findMunicipality(a.municipality)?.municipio ?? String(a.municipality),
    municipalityPk: a.municipality,
    popularCouncil: a.popularCouncil,
    commercialOffice: a.commercialOffice,
    policy: a.policy,
    contractNumber: a.contractNumber,
    nucleusPeople: a.nucleusPeople,
    metered: a.metered,
    active: a.active,
  };
}

export function toInvoiceDto(i: InvoiceRow): InvoiceDto {
  const status = i.status as InvoiceStatus;
  return {
    id: i.id,
    cc: i.cc,
    number: i.number,
    issuedOn: i.issuedOn,
    periodFrom: i.periodFrom,
    periodTo: i.periodTo,
    invoicedCents: i.invoicedCents,
    paidCents: i.paidCents,
    bonusCents: i.bonusCents,
    toPayCents: status === 'PAID' ? 0 : amountDueCents(i),
    partial: i.partial,
    policy: i.policy,
    status,
    displayStatus: invoiceDisplayStatus({ ...i, status }),
    consumptionM3: i.consumptionM3,
  };
}

export function toOpenInvoice(i: InvoiceRow): OpenInvoice {
  const dto = toInvoiceDto(i);
  return {
    id: i.id,
    number: i.number,
    issuedOn: i.issuedOn,
    invoicedCents: i.invoicedCents,
    paidCents: i.paidCents,
    bonusCents: i.bonusCents,
    dueCents: dto.toPayCents,
    displayStatus: dto.displayStatus,
    inFlightPaymentId: i.inFlightPaymentId,
  };
}
