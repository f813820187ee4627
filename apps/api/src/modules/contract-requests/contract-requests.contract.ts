import { randomBytes, randomUUID } from 'node:crypto';
import {
  AppError,
  type ClientType,
  findMunicipality,
  formatRequestId,
  type ProcedureType,
  procedureCreatesAccount,
} from '@ov/domain';
import type { Executor } from '../../db/client';
import type { Lang } from '../../lib/language';
import { type CommercialSystem, formatAddress } from '../billing';
import type { FileStorage } from '../files';
import type { AccountChanges } from './contract-requests.contract.repository';
import type { renderRequestContract } from './contract-requests.pdf';
import type { ContractRequestsRepository, RequestChanges, Row } from './contract-requests.repository';

const BASE32 = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const municipalityName = (pk: number) => findMunicipality(pk)?.municipio ?? String(pk);
export const today = () => new Date().toISOString().slice(0, 10);

export interface ContractIssuerDeps {
  repo: ContractRequestsRepository;
  /** The commercial system a signed new contract opens its account in (design §7 `POST /v1/accounts`). */
  commercial: Pick<CommercialSystem, 'openAccount'>;
  storage: FileStorage;
  publicUrl: string;
  renderContract: typeof renderRequestContract;
  /** The client-code shape in force in a space. */
  matcherOf: (space: string) => Promise<RegExp>;
  /** The billing period in force in a space (printed on the contract). */
  billingMonthsOf: (space: string) => Promise<number>;
}

/** The contract: drawn up and stored at SIGNATURE_READY, applied to the ledger at SIGNED. */
export function createContractIssuer(deps: ContractIssuerDeps) {
  const { repo, storage, renderContract, matcherOf, billingMonthsOf } = deps;

  async function modelOf(ex: Executor, space: string, sector: string) {
    const model = await repo.contractModel(ex, space, sector);
    if (!model) throw new AppError('BADREQUESTERROR', 459);
    return model;
  }

  /** A new client code in the configured shape: digits, the municipality first (retried on a clash). */
  async function newClientCode(ex: Executor, space: string, municipality: number) {
    const matcher = await matcherOf(space);
    for (let i = 0; i < 20; i++) {
      const digits = [...randomBytes(8)].map((b) => String(b % 10)).join('');
      const cc = `${String(municipality).padStart(2, '0')}${digits}`;
      if (!matcher.test(cc)) continue;
      if (!(await repo.clientCodeInUse(ex, cc))) return cc;
    }
    throw new AppError('BADREQUESTERROR', 460);
  }

  /** At SIGNATURE_READY: numbers, office, place and date settled, and the contract PDF stored. */
  async function prepareContract(tx: Executor, row: Row): Promise<RequestChanges> {
    if (!row.commercialOffice) throw new AppError('BADREQUESTERROR', 425);
    if (!row.contractPlace) throw new AppError('BADREQUESTERROR', 426);
    const model = await modelOf(tx, row.space, row.sector);
    const year = new Date().getFullYear();
    const serial = row.requestId.slice(0, 6);
    const contractNumber = row.contractNumber ?? `C-${year}-${serial}`;
    const policy = row.policy ?? `P-${row.municipality}-${serial}`;
    const clientCode =
      procedureCreatesAccount(row.procedureType as ProcedureType) && !row.newClientCode
        ? await newClientCode(tx, row.space, row.municipality)
        : (row.newClientCode ?? row.clientCode);
    const code = [...randomBytes(16)]
      .map((b) => BASE32[b % 32])
      .join('')
      .match(/.{4}/g)!
      .join('-');
    const date = row.contractDate ?? today();
    const lang: Lang = row.lang === 'en' ? 'en' : 'es';
    let pdf: Buffer;
    try {
      pdf = await renderContract(
        {
          model,
          requestId: formatRequestId(row.requestId),
          contractNumber,
          policy,
          clientCode,
          clientName: row.owner && row.procedureType === 'OWNER_CHANGE' ? row.owner : row.fullName,
          nationalId: row.nationalId,
          entity: row.entity,
          entityCode: row.entityCode,
          legalRepresentative: row.legalRepresentative,
          bankAccount: row.bankAccount,
          address: formatAddress({
            street: row.street,
            number: row.number,
            betweenStreets: `${row.between1} y ${row.between2}`,
          }),
          municipality: municipalityName(row.municipality),
          commercialOffice: row.commercialOffice,
          nucleusPeople: row.nucleusPeople,
          hydrometerNumber: row.hydrometerNumber,
          billingPeriodMonths: await billingMonthsOf(row.space),
          place: row.contractPlace,
          date: new Intl.DateTimeFormat(lang === 'es' ? 'es-ES' : 'en-GB', { dateStyle: 'long' }).format(
            new Date(`${date}T12:00:00Z`),
          ),
          verificationCode: code,
          verifyUrl: `${deps.publicUrl}/api/ahab-requests/verify-document/${code}`,
        },
        lang,
      );
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError('BADREQUESTERROR', 460);
    }
    const file = `${randomUUID()}.pdf`;
    await storage.put(file, pdf, tx);
    await repo.insertContractDocument(tx, {
      code,
      cc: clientCode ?? formatRequestId(row.requestId),
      subject: `${contractNumber} · ${formatRequestId(row.requestId)}`,
    });
    return {
      contractNumber,
      policy,
      contractDate: date,
      contractCode: code,
      contractFile: file,
      newClientCode: procedureCreatesAccount(row.procedureType as ProcedureType) ? clientCode : null,
    };
  }

  /**
   * At SIGNED: what the contract changes in the ledger. A procedure that creates an account opens it
   * in the commercial system (idempotent by the request's id) and answers the code it was given,
   * which the request keeps as its new client code (offered to the requester as before).
   */
  async function applyToLedger(tx: Executor, row: Row): Promise<RequestChanges> {
    const proc = row.procedureType as ProcedureType;
    if (procedureCreatesAccount(proc) && row.newClientCode) {
      const { cc } = await deps.commercial.openAccount(tx, {
        requestId: formatRequestId(row.requestId),
        cc: row.newClientCode,
        space: row.space,
        sector: row.sector as ClientType,
        holderName: row.entity ?? row.fullName,
        // A person's identity card, or an entity's code (REEUP) when it gave one.
        nationalId: row.nationalId ?? row.entityCode,
        street: row.street,
        number: row.number,
        betweenStreets: `${row.between1} y ${row.between2}`,
        municipality: row.municipality,
        popularCouncil: row.popularCouncil,
        commercialOffice: row.commercialOffice ?? '',
        policy: row.policy,
        contractNumber: row.contractNumber,
        nucleusPeople: row.nucleusPeople ?? 1,
        metered: row.metered,
      });
      return cc === row.newClientCode ? {} : { newClientCode: cc };
    }
    if (!row.clientCode) return {};
    const set: AccountChanges =
      proc === 'OWNER_CHANGE' && row.owner
        ? { holderName: row.owner, contractNumber: row.contractNumber, policy: row.policy }
        : proc === 'CANCEL_CONTRACT'
          ? { active: false }
          : proc === 'METER_INSTALLATION'
            ? { metered: true }
            : { ...(row.nucleusPeople ? { nucleusPeople: row.nucleusPeople } : {}) };
    if (Object.keys(set).length) await repo.updateAccount(tx, row.clientCode, set);
    return {};
  }

  return { prepareContract, applyToLedger };
}
