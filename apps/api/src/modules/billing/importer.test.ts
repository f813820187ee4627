import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_CLIENT_CODE_PATTERN } from '@ov/domain';
import { count, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, invoices } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createImporterRepository, importBilling, parseCsvLine } from './importer';

let t: TestApp;
const dir = mkdtempSync(path.join(tmpdir(), 'ov-import-'));
const file = (name: string, lines: string[]) => {
  const p = path.join(dir, name);
  writeFileSync(p, `${lines.join('\n')}\n`);
  return p;
};
const ACC_HEAD =
  'cc,holder_name,client_type,street,number,between_streets,municipality,popular_council,commercial_office,policy,contract_number,nucleus_people,metered,active';
const INV_HEAD =
  'cc,number,issued_on,period_from,period_to,invoiced_cents,paid_cents,bonus_cents,partial,policy,status,consumption_m3';
const acc = (
  cc: string,
  extra = 'RESIDENTIAL,Calle 23,101,"L y M",2,Vedado,Oficina Comercial Plaza,POL-1,CT-9,3,true,true',
) => `${cc},"Pérez, Ana",${extra}`;
const inv = (
  cc: string,
  n: string,
  rest = '2026-03-01,2026-01-01,2026-02-28,1500,0,0,false,POL-1,PENDING,12',
) => `${cc},${n},${rest}`;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
});
afterAll(() => t.close());

const run = (a: string, i: string) =>
  importBilling(createImporterRepository(t.database.db), {
    accountsFile: a,
    invoicesFile: i,
    space: 'ahab',
    clientCodePattern: DEFAULT_CLIENT_CODE_PATTERN,
  });

describe('the CSV importer', () => {
  it('parses quoted fields with commas and doubled quotes', () => {
    expect(parseCsvLine('1,"a, b","say ""hi""",')).toEqual(['1', 'a, b', 'say "hi"', '']);
  });

  it('reports every bad row with its line and writes nothing', async () => {
    const a = file('bad-accounts.csv', [
      ACC_HEAD,
      acc('5500000000001'),
      acc('55A'),
      acc('5500000000002', 'RESIDENTIAL,Calle 23,101,,99,Vedado,Oficina,POL,CT,3,true,true'),
      acc('5500000000001'),
    ]);
    const i = file('bad-invoices.csv', [
      INV_HEAD,
      inv('5500000000001', 'F-1'),
      inv('5500000000001', 'F-2', '2026-03-01,2026-01-01,2026-02-28,1500,2000,0,false,POL-1,PENDING,12'),
      inv('5500000000009', 'F-3'),
      inv('5500000000001', 'F-1'),
      inv('5500000000001', 'F-4', 'yesterday,2026-01-01,2026-02-28,1500,0,0,false,POL-1,PENDING,'),
    ]);
    const report = await run(a, i);
    expect(report.ok).toBe(false);
    expect(report.imported).toEqual({ accounts: 0, invoices: 0 });
    const lines = report.rejected.map((r) => `${path.basename(r.file)}:${r.line}`);
    expect(lines).toEqual([
      'bad-accounts.csv:3',
      'bad-accounts.csv:4',
      'bad-accounts.csv:5',
      'bad-invoices.csv:3',
      'bad-invoices.csv:4',
      'bad-invoices.csv:5',
      'bad-invoices.csv:6',
    ]);
    expect(report.rejected[1].reason).toMatch(/municipality/);
    expect(report.rejected[2].reason).toMatch(/repetido/);
    expect(report.rejected[4].reason).toMatch(/no existe/);
    const db = t.database.db;
    expect((await db.select({ n: count() }).from(accounts))[0].n).toBe(0);
    expect((await db.select({ n: count() }).from(invoices))[0].n).toBe(0);
  });

  it('imports clean files completely', async () => {
    const a = file('ok-accounts.csv', [ACC_HEAD, acc('5500000000001'), acc('5500000000002')]);
    const i = file('ok-invoices.csv', [
      INV_HEAD,
      inv('5500000000001', 'F-1'),
      inv('5500000000002', 'F-2', '2026-03-01,2026-01-01,2026-02-28,1500,1500,0,false,POL-1,PAID,12'),
    ]);
    const report = await run(a, i);
    expect(report).toMatchObject({ ok: true, imported: { accounts: 2, invoices: 2 }, rejected: [] });
    const rows = await t.database.db
      .select()
      .from(accounts)
      .where(inArray(accounts.cc, ['5500000000001']));
    expect(rows[0]).toMatchObject({
      holderName: 'Pérez, Ana',
      betweenStreets: 'L y M',
      municipality: 2,
      metered: true,
    });
    const again = await run(a, file('none.csv', [INV_HEAD]));
    expect(again.ok).toBe(false);
    expect(again.rejected[0].reason).toMatch(/ya existe/);
  });
});
