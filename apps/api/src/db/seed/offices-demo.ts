import { MUNICIPALITIES } from '@ov/domain';
import type { Db } from '../client';
import { commercialOffices } from '../schema';
import { DEFAULT_SPACE } from './base';

/** Street addresses of the demo offices, one per municipality of La Habana (pk → address). */
const ADDRESSES: Record<number, string> = {
  1: 'Calle 42 No. 2110 e/ 21 y 23, Playa',
  2: 'Calle 23 No. 1055 e/ 12 y 14, Vedado',
  3: 'Calle San Lázaro No. 409 e/ Gervasio y Escobar',
  4: 'Calle Obispo No. 311 e/ Habana y Aguiar',
  5: 'Calle Martí No. 152 e/ Pérez Galdós y Agramonte',
  6: 'Edificio 38, Zona 6, Alamar',
  7: 'Calle Máximo Gómez No. 12 e/ Martí y Pepe Antonio',
  8: 'Calzada de San Miguel No. 1203 e/ Rotonda y Central',
  9: 'Calzada de 10 de Octubre No. 960 e/ Santa Catalina y Vista Alegre',
  10: 'Calzada del Cerro No. 1812 e/ Tulipán y Santa Teresa',
  11: 'Avenida 51 No. 12409 e/ 124 y 126',
  12: 'Calle 51 No. 25410 e/ 254 y 256',
  13: 'Calzada de Bejucal km 7½, Santiago de las Vegas',
  14: 'Calzada de Managua No. 34 e/ Central y 2da',
  15: 'Calle 101 No. 2807 e/ 28 y 30',
};

/** One office per municipality, serving it (issue 11); customers are sent to these. */
export async function seedOfficesDemo(db: Db) {
  await db.insert(commercialOffices).values(
    MUNICIPALITIES.map((m) => ({
      space: DEFAULT_SPACE,
      name: `Oficina Comercial ${m.municipio}`,
      boss: null,
      address: ADDRESSES[m.pk] ?? m.municipio,
      province: 'La Habana',
      municipality: m.pk,
      phone: `+5378${String(300000 + m.pk * 1111).slice(0, 6)}`,
      hours: 'Lunes a viernes de 8:00 a 16:30; sábados alternos de 8:00 a 12:00',
      hoursEn: 'Monday to Friday 8:00 to 16:30; every other Saturday 8:00 to 12:00',
      serves: [m.pk],
    })),
  );
}
