import type { ContractRequestInput, ContractRequestStatus } from '@ov/domain';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import { createObjectStore, type StorageConfig } from '../../lib/storage';
import type { CommercialSystem } from '../../modules/billing';
import {
  createContractRequestsRepository,
  createContractRequestsService,
} from '../../modules/contract-requests';
import { documentStorage } from '../../modules/files';
import { loadPrincipal } from '../../plugins/access';
import type { Db } from '../client';
import { contractRequests, users } from '../schema';
import { DEFAULT_SPACE } from './base';

/** Request IDs the README names, so a visitor can try the lookup on a fresh install. */
export const DEMO_REQUEST_IDS = { NEW: 'HABAN-AGUA2', SIGNATURE_READY: 'VEDAD-PLAZA' } as const;

const home = (street: string, number: string, between1: string, between2: string) => ({
  street,
  number,
  between1,
  between2,
});

type Demo = {
  input: ContractRequestInput;
  owner?: string;
  path: ContractRequestStatus[];
  annul?: string;
  fixedId?: string;
  staff?: { commercialOffice: string; contractPlace: string };
};

const DEMOS: Demo[] = [
  {
    fixedId: DEMO_REQUEST_IDS.NEW,
    input: {
      sector: 'RESIDENTIAL',
      procedureType: 'NEW_CONTRACT',
      fullName: 'Lázaro Martínez Ortega',
      nationalId: '78051212345',
      phone: '+5352334455',
      email: 'lazaro.martinez@example.cu',
      municipality: 2,
      popularCouncil: 'Vedado',
      address: home('Calle 21', '356', 'Calle H', 'Calle I'),
      nucleusPeople: 3,
    },
    path: [],
  },
  {
    owner: 'maria.perez@example.cu',
    input: {
      sector: 'RESIDENTIAL',
      procedureType: 'UPDATE_CONTRACT',
      clientCode: '2300000000001',
      fullName: 'María Pérez González',
      nationalId: '80030512345',
      phone: '+5352123456',
      municipality: 2,
      address: home('Calle 23', '1054', 'Calle 10', 'Calle 12'),
      nucleusPeople: 5,
      reason: 'Ahora somos cinco en la vivienda.',
    },
    path: ['PENDING'],
  },
  {
    input: {
      sector: 'RESIDENTIAL',
      procedureType: 'NEW_CONNECTION',
      fullName: 'Yusimí Castillo Peña',
      nationalId: '92111812345',
      phone: '+5353887766',
      municipality: 9,
      address: home('Calzada de Güines', '12', 'Calle 1ra', 'Calle 3ra'),
      nucleusPeople: 2,
      connectionRequestNumber: 'SC-2026-0412',
    },
    path: ['PENDING', 'REVIEW'],
  },
  {
    fixedId: DEMO_REQUEST_IDS.SIGNATURE_READY,
    owner: 'jose.fernandez@example.cu',
    input: {
      sector: 'RESIDENTIAL',
      procedureType: 'NEW_CONTRACT',
      fullName: 'José Fernández Díaz',
      nationalId: '75082312345',
      phone: '+5353234567',
      municipality: 9,
      address: home('Calle Martí', '214', 'Calle Céspedes', 'Calle Maceo'),
      nucleusPeople: 4,
    },
    path: ['PENDING', 'REVIEW', 'SIGNATURE_READY'],
    staff: { commercialOffice: 'Oficina Comercial Diez de Octubre', contractPlace: 'La Habana' },
  },
  {
    owner: 'jose.fernandez@example.cu',
    input: {
      sector: 'RESIDENTIAL',
      procedureType: 'METER_INSTALLATION',
      clientCode: '2300000000003',
      fullName: 'José Fernández Díaz',
      nationalId: '75082312345',
      phone: '+5353234567',
      municipality: 9,
      address: home('Calle Martí', '210', 'Calle Céspedes', 'Calle Maceo'),
      metered: true,
      hydrometerNumber: 'HM-558120',
    },
    path: ['PENDING', 'REVIEW', 'SIGNATURE_READY', 'SIGNED'],
    staff: { commercialOffice: 'Oficina Comercial Diez de Octubre', contractPlace: 'La Habana' },
  },
  {
    input: {
      sector: 'RESIDENTIAL',
      procedureType: 'NEW_CONTRACT',
      fullName: 'Pedro Alonso Vidal',
      nationalId: '66020212345',
      email: 'pedro.alonso@example.cu',
      municipality: 4,
      address: home('Calle 100', '5', 'Calle 51', 'Calle 53'),
      nucleusPeople: 1,
    },
    path: [],
    annul: 'Duplicada: el solicitante envió otra con los mismos datos.',
  },
  {
    input: {
      sector: 'STATE',
      procedureType: 'NEW_CONTRACT',
      fullName: 'Marta Reyes Díaz',
      entity: 'Policlínico Docente Marianao',
      entityCode: '231.0.54321',
      legalRepresentative: 'Marta Reyes Díaz',
      bankAccount: '0598765432101234',
      phone: '+5378334455',
      municipality: 4,
      address: home('Calle 51', '8210', 'Calle 82', 'Calle 84'),
    },
    path: [],
  },
  {
    input: {
      sector: 'STATE',
      procedureType: 'NEW_CONNECTION',
      fullName: 'Raúl Cabrera Soto',
      entity: 'Escuela Primaria Frank País',
      entityCode: '231.0.11223',
      legalRepresentative: 'Raúl Cabrera Soto',
      bankAccount: '0598123412341234',
      email: 'escuela.frank@example.cu',
      municipality: 2,
      address: home('Calle G', '402', 'Calle 17', 'Calle 19'),
    },
    path: ['PENDING', 'REVIEW'],
  },
  {
    input: {
      sector: 'ESTATE_BIG_CLIENT',
      procedureType: 'NEW_CONTRACT',
      fullName: 'Daniela Suárez Pino',
      entity: 'Mipyme Habana Sabor S.R.L.',
      entityCode: '401.0.99887',
      legalRepresentative: 'Daniela Suárez Pino',
      bankAccount: '1234567812345678',
      phone: '+5352445566',
      municipality: 1,
      address: home('Calle Obispo', '110', 'Calle Mercaderes', 'Calle San Ignacio'),
    },
    path: ['PENDING'],
  },
  {
    input: {
      sector: 'ESTATE_BIG_CLIENT',
      procedureType: 'NEW_CONNECTION',
      fullName: 'Ernesto Llanes Ruiz',
      entity: 'Cooperativa de Servicios Habana',
      legalRepresentative: 'Ernesto Llanes Ruiz',
      bankAccount: '8765432187654321',
      phone: '+5378123344',
      municipality: 3,
      address: home('Avenida del Puerto', '8', 'Calle Luz', 'Calle Acosta'),
    },
    path: ['PENDING', 'REVIEW', 'SIGNATURE_READY', 'SIGNED'],
    staff: { commercialOffice: 'Oficina Comercial Centro Habana', contractPlace: 'La Habana' },
  },
];

/**
 * First start with demo data: requests in every status and sector, made and moved through the same
 * service the API uses (contracts generated, accounts opened, notifications and mails queued).
 */
export async function seedContractRequestsDemo(
  db: Db,
  config: Pick<Config, 'ADMIN_EMAIL' | 'CLIENT_CODE_PATTERN' | 'publicUrl'> & StorageConfig,
  /** The commercial system, from the container's `buildCommercialSystem` (the one place it is built). */
  commercial: CommercialSystem,
) {
  const service = createContractRequestsService({
    db,
    repo: createContractRequestsRepository(db),
    commercial,
    clientCodePattern: config.CLIENT_CODE_PATTERN,
    publicUrl: config.publicUrl,
    storage: documentStorage(await createObjectStore(config, db)),
  });
  const principalOf = async (email: string) => {
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return u ? loadPrincipal(db, u.id, DEFAULT_SPACE) : null;
  };
  const staff = await principalOf(config.ADMIN_EMAIL);
  if (!staff) return;
  let n = 0;
  for (const demo of DEMOS) {
    const owner = demo.owner ? await principalOf(demo.owner) : null;
    const created = await service.create(owner, demo.input, 'es', `127.0.0.${++n}`);
    let id = created.requestId;
    if (demo.fixedId) {
      await db
        .update(contractRequests)
        .set({ requestId: demo.fixedId.replace('-', '') })
        .where(eq(contractRequests.requestId, id.replace('-', '')));
      id = demo.fixedId;
    }
    for (const to of demo.path) {
      if (to === 'SIGNATURE_READY' && demo.staff) {
        const { version } = await service.get(staff, id);
        await service.patch(staff, id, { ...demo.staff, version });
      }
      await service.transition(staff, id, {
        to,
        answer: to === 'PENDING' ? 'Recibimos su solicitud; un especialista la atiende.' : undefined,
      });
    }
    if (demo.annul) await service.annul(staff, id, { reason: demo.annul });
  }
}
