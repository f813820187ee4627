import { ROLE_NAMES } from '@ov/domain';
import { and, eq } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords';
import type { Db } from '../client';
import { roles, userRoles, users } from '../schema';
import { DEFAULT_SPACE } from './base';

/** Demo people documented in the README; all share one password so a visitor can try each role. */
export const DEMO_PASSWORD = 'Demo.Oficina.2026';
export const DEMO_USERS = [
  {
    email: 'maria.perez@example.cu',
    firstName: 'María',
    lastName: 'Pérez González',
    role: ROLE_NAMES.USER,
    clientType: 'RESIDENTIAL',
    municipality: 2,
    phone: '+5352123456',
    status: 'ACTIVE',
  },
  {
    email: 'jose.fernandez@example.cu',
    firstName: 'José',
    lastName: 'Fernández Díaz',
    role: ROLE_NAMES.USER,
    clientType: 'RESIDENTIAL',
    municipality: 9,
    phone: '+5353234567',
    status: 'ACTIVE',
  },
  {
    email: 'hotel.nacional@example.cu',
    firstName: 'Hotel',
    lastName: 'Vedado Mar',
    role: ROLE_NAMES.USER,
    clientType: 'ESTATE_BIG_CLIENT',
    municipality: 2,
    phone: '+5378334455',
    status: 'ACTIVE',
  },
  {
    email: 'escuela.marti@example.cu',
    firstName: 'Escuela',
    lastName: 'José Martí',
    role: ROLE_NAMES.USER,
    clientType: 'STATE',
    municipality: 4,
    phone: '+5378612233',
    status: 'ACTIVE',
  },
  {
    email: 'pedro.nuevo@example.cu',
    firstName: 'Pedro',
    lastName: 'Nuevo Ruiz',
    role: ROLE_NAMES.USER,
    clientType: 'RESIDENTIAL',
    municipality: 10,
    phone: '+5354345678',
    status: 'UNVERIFIED',
  },
  {
    email: 'luisa.bloqueada@example.cu',
    firstName: 'Luisa',
    lastName: 'Martínez Soto',
    role: ROLE_NAMES.USER,
    clientType: 'RESIDENTIAL',
    municipality: 11,
    phone: '+5355456789',
    status: 'LOCK',
  },
  {
    email: 'ana.comercial@aguasdelahabana.cu',
    firstName: 'Ana',
    lastName: 'Rodríguez Lima',
    role: 'COMMERCIAL_SPECIALIST',
    clientType: null,
    municipality: 2,
    phone: '+5378301010',
    status: 'ACTIVE',
  },
  {
    email: 'carlos.grandes@aguasdelahabana.cu',
    firstName: 'Carlos',
    lastName: 'Hernández Vega',
    role: 'BIG_CLIENT_SPECIALIST',
    clientType: null,
    municipality: 1,
    phone: '+5378302020',
    status: 'ACTIVE',
  },
  {
    email: 'elena.seguridad@aguasdelahabana.cu',
    firstName: 'Elena',
    lastName: 'Castro Núñez',
    role: 'SECURITY_ADMIN',
    clientType: null,
    municipality: 3,
    phone: '+5378303030',
    status: 'ACTIVE',
  },
] as const;

export async function seedDemo(db: Db) {
  const hash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    for (const d of DEMO_USERS) {
      const [role] = await tx
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.space, DEFAULT_SPACE), eq(roles.name, d.role)));
      const [u] = await tx
        .insert(users)
        .values({
          space: DEFAULT_SPACE,
          email: d.email,
          username: d.email.split('@')[0],
          firstName: d.firstName,
          lastName: d.lastName,
          phone: d.phone,
          clientType: d.clientType,
          municipality: d.municipality,
          passwordHash: hash,
          status: d.status,
          verified: d.status !== 'UNVERIFIED',
          onboardingCompleted: true,
        })
        .returning({ id: users.id });
      if (role) await tx.insert(userRoles).values({ userId: u.id, roleId: role.id });
    }
  });
}
