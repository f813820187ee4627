import {
  ALL_PERMISSIONS,
  MUNICIPALITIES,
  PERMISSIONS,
  POPULAR_COUNCILS,
  ROLE_NAMES,
  STREETS,
} from '@ov/domain';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords';
import type { Db } from '../client';
import {
  municipalities,
  organizations,
  popularCouncils,
  rolePermissions,
  roles,
  spaces,
  streets,
  userRoles,
  users,
} from '../schema';

export const DEFAULT_SPACE = 'ahab';

const ORGANIZATIONS = [
  { name: 'Ministerio de Educación', kind: 'STATE' },
  { name: 'Ministerio de Salud Pública', kind: 'STATE' },
  { name: 'Empresa Eléctrica de La Habana', kind: 'STATE' },
  { name: 'Hoteles y Turismo de La Habana', kind: 'ESTATE_BIG_CLIENT' },
  { name: 'Cooperativa de Servicios Habana', kind: 'ESTATE_BIG_CLIENT' },
  { name: 'Mipyme Habana Sabor S.R.L.', kind: 'ESTATE_BIG_CLIENT' },
];

/** Staff roles a utility starts with; the names are the keys the web translates for display. */
export const STAFF_ROLES: {
  name: string;
  description: string;
  descriptionEn: string;
  permissions: string[];
}[] = [
  {
    name: 'COMMERCIAL_SPECIALIST',
    description: 'Especialista comercial: tramita solicitudes de contrato residenciales',
    descriptionEn: 'Commercial specialist: handles residential contract requests',
    permissions: [
      PERMISSIONS.PROCESS_RESIDENTIAL_WRITE,
      PERMISSIONS.INVOICE_READ,
      // Sends customers to an office and answers their questions: reads both, changes neither.
      PERMISSIONS.COMMERCIAL_OFFICE_READ,
      PERMISSIONS.FAQ_READ,
    ],
  },
  {
    name: 'BIG_CLIENT_SPECIALIST',
    description: 'Especialista de grandes clientes y sector estatal',
    descriptionEn: 'Specialist for big clients and the state sector',
    permissions: [
      PERMISSIONS.PROCESS_STATE_WRITE,
      PERMISSIONS.PROCESS_BIGCLIENT_WRITE,
      PERMISSIONS.INVOICE_READ,
    ],
  },
  {
    name: 'CONTRACT_SUPERVISOR',
    description: 'Supervisa las solicitudes de contrato de todos los sectores',
    descriptionEn: 'Supervises the contract requests of every sector',
    permissions: [
      PERMISSIONS.CONTRACT_REQUEST_SEARCH,
      PERMISSIONS.CONTRACT_REQUEST_READ,
      PERMISSIONS.CONTRACT_REQUEST_WRITE,
      PERMISSIONS.INVOICE_READ,
      PERMISSIONS.COMMERCIAL_OFFICE_READ,
    ],
  },
  {
    name: 'SECURITY_ADMIN',
    description: 'Administra usuarios, roles y trazas',
    descriptionEn: 'Manages users, roles and traces',
    permissions: [
      PERMISSIONS.USER_READ,
      PERMISSIONS.USER_WRITE,
      PERMISSIONS.USER_DELETE,
      PERMISSIONS.USER_NOTIFY,
      PERMISSIONS.ROLE_READ,
      PERMISSIONS.ROLE_WRITE,
      PERMISSIONS.ROLE_DELETE,
      PERMISSIONS.TRACE_READ,
    ],
  },
];

/** The space, roles, address data and the super-admin: what every installation needs. */
export async function seedBase(db: Db, admin: { email: string; password: string }) {
  const [existing] = await db.select().from(spaces).where(eq(spaces.id, DEFAULT_SPACE));
  if (existing) return false;
  const adminHash = await hashPassword(admin.password);
  await db.transaction(async (tx) => {
    await tx.insert(spaces).values({ id: DEFAULT_SPACE, name: 'Aguas de La Habana' });
    await tx.insert(municipalities).values(MUNICIPALITIES.map((m) => ({ pk: m.pk, name: m.municipio })));
    await tx
      .insert(popularCouncils)
      .values(
        Object.entries(POPULAR_COUNCILS).flatMap(([pk, names]) =>
          names.map((name) => ({ municipality: Number(pk), name })),
        ),
      );
    await tx
      .insert(streets)
      .values(
        Object.entries(STREETS).flatMap(([pk, names]) =>
          names.map((name) => ({ municipality: Number(pk), name })),
        ),
      );
    await tx.insert(organizations).values(ORGANIZATIONS);

    const [superRole] = await tx
      .insert(roles)
      .values({
        space: DEFAULT_SPACE,
        name: ROLE_NAMES.SUPER_ADMIN,
        superAdmin: true,
        description: 'Todos los permisos, en todo el sistema',
        descriptionEn: 'Every permission, across the whole system',
      })
      .returning();
    await tx.insert(rolePermissions).values({ roleId: superRole.id, permission: PERMISSIONS.ADMIN });
    await tx.insert(roles).values({
      space: DEFAULT_SPACE,
      name: ROLE_NAMES.USER,
      description: 'Cliente del portal: consulta y paga sus servicios',
      descriptionEn: 'Portal customer: checks and pays for their services',
    });
    for (const r of STAFF_ROLES) {
      const [role] = await tx
        .insert(roles)
        .values({
          space: DEFAULT_SPACE,
          name: r.name,
          description: r.description,
          descriptionEn: r.descriptionEn,
        })
        .returning();
      const valid = r.permissions.filter((p) => (ALL_PERMISSIONS as readonly string[]).includes(p));
      if (valid.length)
        await tx.insert(rolePermissions).values(valid.map((permission) => ({ roleId: role.id, permission })));
    }

    const [adminUser] = await tx
      .insert(users)
      .values({
        space: DEFAULT_SPACE,
        email: admin.email.toLowerCase(),
        username: 'admin',
        firstName: 'Administrador',
        lastName: 'del Sistema',
        passwordHash: adminHash,
        status: 'ACTIVE',
        verified: true,
        onboardingCompleted: true,
        municipality: 2,
      })
      .returning();
    await tx.insert(userRoles).values({ userId: adminUser.id, roleId: superRole.id });
  });
  return true;
}
