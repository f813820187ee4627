/**
 * Volume for the contract-request queues: `npm run seed:requests -w apps/api -- --requests 200000`.
 * Writes requests in every sector, status, procedure and municipality, spread over two years, each with
 * its history, in batches of 5,000 (a progress bar on stderr). PostgreSQL (DATABASE_URL) or the
 * embedded database the server uses. Request IDs come from the same generator as the API's.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import {
  CLIENT_TYPES,
  CONTRACT_FORM_PROCEDURES,
  CONTRACT_TIMELINE,
  MUNICIPALITIES,
  procedureNamesCode,
  requestIdFromBytes,
} from '@ov/domain';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { DEFAULT_SPACE, seedIfEmpty } from '../src/db/seed';
import { parseArgs, progressBar } from './progress';

const args = parseArgs(process.argv.slice(2));
const total = Number(args.requests ?? 200_000);
const BATCH = 5_000;
const STATUSES = ['NEW', 'PENDING', 'DEBT_PENDING', 'REVIEW', 'SIGNATURE_READY', 'SIGNED', 'ANNULLED'];
const FIRST = ['María', 'José', 'Ana', 'Luis', 'Yamilé', 'Ernesto', 'Rosa', 'Pedro', 'Dayana', 'Raúl'];
const LAST = ['Pérez', 'González', 'Rodríguez', 'Fernández', 'Díaz', 'Hernández', 'Martínez', 'Castro'];

const config = loadConfig();
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pglite'),
});
await seedIfEmpty(database.db, {
  adminEmail: config.ADMIN_EMAIL,
  adminPassword: config.ADMIN_PASSWORD,
  demo: config.DEMO_DATA,
});
const db = database.db;
const bar = progressBar(total, 'requests');
const now = Date.now();
const TWO_YEARS = 730 * 86_400_000;
/** The timeline as one array literal parameter ('{NEW,PENDING,…}'). */
const TIMELINE = `{${CONTRACT_TIMELINE.join(',')}}`;

for (let done = 0; done < total; done += BATCH) {
  const n = Math.min(BATCH, total - done);
  const rows: Record<string, string | number | null>[] = [];
  const random = randomBytes(n * 16);
  for (let k = 0; k < n; k++) {
    const i = done + k;
    const r = random.subarray(k * 16, k * 16 + 16);
    const sector = CLIENT_TYPES[i % 3];
    const procedure = CONTRACT_FORM_PROCEDURES[(i >> 2) % CONTRACT_FORM_PROCEDURES.length];
    // Most requests are finished; the open ones are what the queues hold.
    const status = STATUSES[r[10] % 10 < 4 ? 5 : r[11] % STATUSES.length];
    rows.push({
      request_id: requestIdFromBytes(r),
      sector,
      procedure_type: procedure,
      status,
      full_name: `${FIRST[r[12] % FIRST.length]} ${LAST[r[13] % LAST.length]} ${LAST[r[14] % LAST.length]}`,
      national_id: sector === 'RESIDENTIAL' ? `8${String(100000000 + i).slice(-9)}1` : null,
      phone: `+535${String(1000000 + (i % 8999999)).padStart(7, '0')}`,
      municipality: MUNICIPALITIES[i % MUNICIPALITIES.length].pk,
      street: `Calle ${1 + (i % 200)}`,
      // Codes are unique per open request and procedure (the 420 rule): a synthetic code per request.
      client_code: procedureNamesCode(procedure) ? `99${String(i).padStart(11, '0')}` : null,
      entity: sector === 'RESIDENTIAL' ? null : `Entidad ${i % 5000}`,
      created_at: new Date(now - ((i * 7919) % TWO_YEARS)).toISOString(),
    });
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      with rows as (
        select * from json_to_recordset(${JSON.stringify(rows)}::json)
          as r(request_id text, sector text, procedure_type text, status text, full_name text, national_id text,
               phone text, municipality int, street text, client_code text, entity text, created_at timestamptz)
      ), inserted as (
        insert into contract_requests (request_id, space, sector, procedure_type, status, full_name, national_id,
          phone, municipality, street, number, between1, between2, client_code, entity, legal_representative,
          bank_account, created_at, updated_at)
        select request_id, ${DEFAULT_SPACE}, sector, procedure_type, status, full_name, national_id, phone,
          municipality, street, '1', 'Calle A', 'Calle B', client_code, entity,
          case when entity is null then null else full_name end,
          case when entity is null then null else '0598123412341234' end, created_at, created_at
        from rows
        on conflict do nothing
        returning id, status, created_at
      )
      insert into contract_request_events (request_id, kind, status, at)
      select i.id, 'STATUS', s.status, i.created_at + (s.n * interval '1 day')
      from inserted i
      cross join lateral (
        select step as status, ord - 1 as n
        from unnest(${TIMELINE}::text[]) with ordinality as t(step, ord)
        where ord <= array_position(${TIMELINE}::text[],
          case when i.status in ('DEBT_PENDING', 'ANNULLED') then 'PENDING' else i.status end)
        union all
        select i.status, 5 where i.status in ('DEBT_PENDING', 'ANNULLED')
      ) s`);
  });
  bar.update(done + n);
}
const secs = bar.finish(total);
await db.execute(sql`analyze contract_requests`);
await db.execute(sql`analyze contract_request_events`);
console.log(JSON.stringify({ requests: total, totalSecs: secs, database: database.kind }));
await database.close();
