import { AppError } from '@ov/domain';
import type { SearchQuery } from '../../lib/search';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Filters on uuid columns must carry uuids, or PostgreSQL would answer a cast error (a 500). */
export function assertUuidFilters(q: SearchQuery, fields: string[]) {
  for (const f of q.filters) {
    if (!fields.includes(f.field)) continue;
    const values = Array.isArray(f.value) ? f.value : [f.value];
    if (values.some((v) => v !== undefined && (typeof v !== 'string' || !UUID.test(v))))
      throw new AppError('VALIDATIONERROR', 0, [
        { field: `filters.${f.field}`, message: 'identificador no válido' },
      ]);
  }
}
