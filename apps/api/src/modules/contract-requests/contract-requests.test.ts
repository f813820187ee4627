import { REQUEST_ID_ALPHABET } from '@ov/domain';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, contractModels, users } from '../../db/schema';
import { loadPrincipal } from '../../plugins/access';
import { pdfText } from '../../test/billing-world';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/test-app';
import { createLedgerCommercialSystem } from '../billing';
import { createContractRequestsRepository } from './contract-requests.repository';
import { createContractRequestsService } from './contract-requests.service';

let t: TestApp;
let admin: string;
let maria: string;
let jose: string;
let ana: string; // residential specialist
let carlos: string; // state and big-client specialist
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login()).authorization;
  maria = (await t.login('maria.perez@example.cu', DEMO_PASSWORD)).authorization;
  jose = (await t.login('jose.fernandez@example.cu', DEMO_PASSWORD)).authorization;
  ana = (await t.login('ana.comercial@aguasdelahabana.cu', DEMO_PASSWORD)).authorization;
  carlos = (await t.login('carlos.grandes@aguasdelahabana.cu', DEMO_PASSWORD)).authorization;
});
afterAll(() => t.close());

let address = 0;
/** Each anonymous sender gets its own address so the per-address limits stay out of the way. */
const nextIp = () => `10.9.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

const call = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  authorization?: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    payload,
    remoteAddress: nextIp(),
    headers: { ...(authorization ? { authorization } : {}), ...headers },
  });

const residential = {
  sector: 'RESIDENTIAL',
  procedureType: 'NEW_CONTRACT',
  fullName: 'Lucía Fernández Mora',
  nationalId: '85010112345',
  phone: '+5352998877',
  email: 'lucia.fernandez@example.cu',
  municipality: 2,
  popularCouncil: 'Vedado',
  address: { street: 'Calle 23', number: '1054', between1: 'Calle 10', between2: 'Calle 12' },
  nucleusPeople: 4,
};
const state = {
  sector: 'STATE',
  procedureType: 'NEW_CONTRACT',
  fullName: 'Marta Reyes Díaz',
  entity: 'Policlínico Docente Plaza',
  entityCode: '231.0.12345',
  legalRepresentative: 'Marta Reyes Díaz',
  bankAccount: '0598 7654 3210 1234',
  phone: '+5378334455',
  municipality: 4,
  address: { street: 'Calle 100', number: '12', between1: 'Calle 51', between2: 'Calle 53' },
};

async function send(body: object, authorization?: string) {
  const res = await call('POST', '/api/contract-requests', authorization, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { requestId: string; status: string; uploadToken: string };
}
const move = (id: string, to: string, who: string, answer?: string) =>
  call('POST', `/api/contract-requests/${id}/transition`, who, { to, ...(answer ? { answer } : {}) });

describe('sending a request', () => {
  it('answers a grouped, unguessable request ID and an upload token; anyone can follow it by ID', async () => {
    const created = await send(residential);
    expect(created.status).toBe('NEW');
    expect(created.requestId).toMatch(
      new RegExp(`^[${REQUEST_ID_ALPHABET}]{5}-[${REQUEST_ID_ALPHABET}]{5}$`),
    );
    expect(created.uploadToken.length).toBeGreaterThanOrEqual(30);

    // Any case, with or without the dash.
    const lookup = await call(
      'GET',
      `/api/contract-requests/lookup/${created.requestId.replace('-', '').toLowerCase()}`,
    );
    expect(lookup.statusCode).toBe(200);
    const body = lookup.json();
    expect(body).toMatchObject({ requestId: created.requestId, status: 'NEW', sector: 'RESIDENTIAL' });
    expect(body.history).toEqual([{ status: 'NEW', at: expect.any(String) }]);
    // Nothing personal: no name, ID, phone, e-mail, street.
    const text = lookup.body;
    for (const secret of ['Lucía', '85010112345', '52998877', 'lucia.fernandez', 'Calle 23'])
      expect(text).not.toContain(secret);
  });

  it('refuses unknown and malformed IDs alike (404 · 415), and IDs do not repeat', async () => {
    for (const id of ['ABCDE-FGHJK', 'not-an-id', '00000-00000']) {
      const res = await call('GET', `/api/contract-requests/lookup/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ name: 'NOTFOUND', reference: 415 });
    }
    const ids = new Set<string>();
    for (let i = 0; i < 8; i++)
      ids.add((await send({ ...residential, email: `x${i}@example.cu` })).requestId);
    expect(ids.size).toBe(8);
  });

  it('names each missing or invalid field with its catalogue reference and creates nothing', async () => {
    const before = await t.database.db.execute(sql`select count(*)::int as n from contract_requests`);
    const cases: [object, number, string][] = [
      [{ ...residential, fullName: '  ' }, 410, 'fullName'],
      [{ ...residential, address: { ...residential.address, street: '' } }, 411, 'address.street'],
      [{ ...residential, address: { ...residential.address, between1: '' } }, 412, 'address.between1'],
      [{ ...residential, address: { ...residential.address, between2: '' } }, 413, 'address.between2'],
      [{ ...residential, municipality: null }, 414, 'municipality'],
      [{ ...residential, municipality: 99 }, 414, 'municipality'],
      [{ ...residential, procedureType: 'SOMETHING' }, 415, 'procedureType'],
      [{ ...state, bankAccount: '123' }, 418, 'bankAccount'],
      [{ ...state, legalRepresentative: '' }, 419, 'legalRepresentative'],
      [{ ...state, entity: '' }, 421, 'entity'],
      [
        {
          ...residential,
          procedureType: 'OWNER_CHANGE',
          clientCode: '2300000000003',
          proof: 'CT-2018-000103',
        },
        423,
        'owner',
      ],
      [{ ...residential, metered: true }, 424, 'hydrometerNumber'],
      [{ ...residential, nucleusPeople: 31 }, 428, 'nucleusPeople'],
      [{ ...residential, nucleusPeople: undefined }, 428, 'nucleusPeople'],
      [{ ...residential, procedureType: 'NEW_CONNECTION' }, 429, 'connectionRequestNumber'],
      [{ ...residential, procedureType: 'METER_INSTALLATION' }, 430, 'clientCode'],
      [
        { ...residential, procedureType: 'CANCEL_CONTRACT', clientCode: '2300000000003', proof: 'x' },
        431,
        'reason',
      ],
      [{ ...residential, nationalId: '85130112345' }, 433, 'nationalId'],
      [{ ...residential, phone: '', email: '' }, 436, 'phone'],
      [{ ...residential, email: 'no-es-correo' }, 439, 'email'],
      [{ ...residential, phone: 'abc' }, 440, 'phone'],
    ];
    for (const [body, reference, field] of cases) {
      const res = await call('POST', '/api/contract-requests', undefined, body);
      expect(res.statusCode, `${reference} ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ name: 'BADREQUESTERROR', reference, details: { field } });
      if (reference === 410) expect(res.json().message).toBe('Falta el nombre completo');
    }
    const after = await t.database.db.execute(sql`select count(*)::int as n from contract_requests`);
    expect(after.rows[0]).toEqual(before.rows[0]);
  });

  it('checks a named code: unknown or inactive 430, wrong proof 499, another sector 357, a second open request 420', async () => {
    const base = { ...residential, procedureType: 'METER_INSTALLATION', email: 'jose.otro@example.cu' };
    const unknown = await call('POST', '/api/contract-requests', undefined, {
      ...base,
      clientCode: '2399999999999',
      proof: 'x',
    });
    expect(unknown.json()).toMatchObject({ reference: 430 });
    const inactive = await call('POST', '/api/contract-requests', undefined, {
      ...base,
      clientCode: '2300000000010',
      proof: 'CT-2014-000110',
    });
    expect(inactive.json()).toMatchObject({ reference: 430 });
    const wrong = await call('POST', '/api/contract-requests', undefined, {
      ...base,
      clientCode: '2300000000003',
      proof: 'CT-1',
    });
    expect(wrong.json()).toMatchObject({ reference: 499 });
    const sector = await call('POST', '/api/contract-requests', undefined, {
      ...state,
      procedureType: 'METER_INSTALLATION',
      clientCode: '2300000000003',
      proof: 'CT-2018-000103',
    });
    expect(sector.json()).toMatchObject({ reference: 357 });
    // The owner signed in needs no proof; the same procedure on the same code twice is 420.
    await send({ ...base, clientCode: '2300000000003', proof: undefined }, jose);
    const twice = await call('POST', '/api/contract-requests', jose, {
      ...base,
      clientCode: '2300000000003',
    });
    expect(twice.json()).toMatchObject({ reference: 420 });
  });

  it('validate-req: {valid, active} for anyone; debt and the open request only for the owner or with proof', async () => {
    const anyone = await call('POST', '/api/ahab-requests/validate-req', undefined, {
      cc: '2300000000001',
      procedureType: 'UPDATE_CONTRACT',
    });
    expect(anyone.json()).toEqual({ valid: true, active: true, clientType: 'RESIDENTIAL' });
    const owner = await call('POST', '/api/ahab-requests/validate-req', maria, {
      cc: '2300000000001',
      procedureType: 'UPDATE_CONTRACT',
    });
    expect(owner.json()).toMatchObject({ valid: true, active: true, hasDebt: true, openRequestId: null });
    const proven = await call('POST', '/api/ahab-requests/validate-req', undefined, {
      cc: '2300000000003',
      procedureType: 'METER_INSTALLATION',
      proof: 'CT-2018-000103',
    });
    expect(proven.json()).toMatchObject({ hasDebt: false, openRequestId: expect.stringMatching(/-/) });
    const unknown = await call('POST', '/api/ahab-requests/validate-req', undefined, {
      cc: '2399999999999',
      procedureType: 'UPDATE_CONTRACT',
    });
    expect(unknown.json()).toEqual({ valid: false, active: false });
    const inactive = await call('POST', '/api/ahab-requests/validate-req', undefined, {
      cc: '2300000000010',
      procedureType: 'UPDATE_CONTRACT',
    });
    expect(inactive.json()).toMatchObject({ valid: true, active: false });
  });
});

describe('attachments', () => {
  const png = () =>
    sharp({ create: { width: 300, height: 200, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
  const form = (name: string, type: string, bytes: Buffer, kind = 'IDENTITY_DOCUMENT') => {
    const boundary = '----ov-test-boundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { body, type: `multipart/form-data; boundary=${boundary}` };
  };
  const upload = (id: string, f: ReturnType<typeof form>, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/contract-requests/${id}/attachments`,
      payload: f.body,
      remoteAddress: nextIp(),
      headers: { 'content-type': f.type, ...headers },
    });

  it('takes images (re-encoded) and PDFs with the upload token, refuses fakes, a bad token and a sixth file', async () => {
    const { requestId, uploadToken } = await send({ ...residential, email: 'adjuntos@example.cu' });
    const token = { 'x-upload-token': uploadToken };
    const image = await upload(requestId, form('carne.png', 'image/png', await png()), token);
    expect(image.statusCode, image.body).toBe(201);
    expect(image.json()).toMatchObject({
      contentType: 'image/webp',
      fileName: 'carne.webp',
      kind: 'IDENTITY_DOCUMENT',
    });
    // A real (tiny) PDF: a file that only starts like one is refused (478), see the abuse tests.
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    );
    const title = await upload(
      requestId,
      form('titulo.pdf', 'application/pdf', pdf, 'PROPERTY_TITLE'),
      token,
    );
    expect(title.json()).toMatchObject({ contentType: 'application/pdf', kind: 'PROPERTY_TITLE' });
    const fake = await upload(
      requestId,
      form('virus.pdf', 'application/pdf', Buffer.from('MZ not a pdf at all')),
      token,
    );
    expect(fake.json()).toMatchObject({ reference: 478 });
    const stranger = await upload(requestId, form('c.png', 'image/png', await png()), {
      'x-upload-token': 'nope',
    });
    expect(stranger.json()).toMatchObject({ reference: 438 });
    for (let i = 0; i < 3; i++) await upload(requestId, form(`c${i}.png`, 'image/png', await png()), token);
    const sixth = await upload(requestId, form('c6.png', 'image/png', await png()), token);
    expect(sixth.json()).toMatchObject({ reference: 442 });
    // Staff of the sector see them in the request and can open them.
    const seen = (await call('GET', `/api/contract-requests/${requestId}`, ana)).json();
    expect(seen.attachments).toHaveLength(5);
    const opened = await call(
      'GET',
      `/api/contract-requests/${requestId}/attachments/${seen.attachments[0]._id}`,
      ana,
    );
    expect(opened.headers['content-type']).toBe('image/webp');
    const notHis = await call('GET', `/api/contract-requests/${requestId}`, carlos);
    expect(notHis.statusCode).toBe(404);
  });
});

describe('who reaches which request', () => {
  it('customers see only their own; staff only their sectors, and their municipality when scoped', async () => {
    const mine = await send({ ...residential, email: undefined }, maria);
    const stateOne = await send(state);
    expect((await call('GET', `/api/contract-requests/${mine.requestId}`, maria)).statusCode).toBe(200);
    expect((await call('GET', `/api/contract-requests/${mine.requestId}`, jose)).statusCode).toBe(404);
    const joseList = await call('POST', '/api/contract-requests/search', jose, { page: 1, size: 50 });
    expect(joseList.json().map((r: { requestId: string }) => r.requestId)).not.toContain(mine.requestId);

    const anaList = await call('POST', '/api/contract-requests/search', ana, { page: 1, size: 250 });
    expect(new Set(anaList.json().map((r: { sector: string }) => r.sector))).toEqual(
      new Set(['RESIDENTIAL']),
    );
    const refused = await call('POST', '/api/contract-requests/search', ana, {
      page: 1,
      filters: [{ type: 'TERM', field: 'sector', value: 'STATE' }],
    });
    expect(refused.json()).toMatchObject({ reference: 452 });
    expect((await call('GET', `/api/contract-requests/${stateOne.requestId}`, ana)).statusCode).toBe(404);
    expect((await move(stateOne.requestId, 'PENDING', ana)).statusCode).toBe(404);
    expect((await move(stateOne.requestId, 'PENDING', carlos)).statusCode).toBe(200);
    // The admin's all-sectors queue holds both.
    const all = await call('POST', '/api/contract-requests/search', admin, { page: 1, size: 250 });
    expect(new Set(all.json().map((r: { sector: string }) => r.sector))).toEqual(
      new Set(['RESIDENTIAL', 'STATE']),
    );
    // Oldest first by default.
    const dates = all.json().map((r: { createdAt: string }) => r.createdAt);
    expect([...dates].sort()).toEqual(dates);

    // Scoped to municipality 4: Ana no longer sees or acts on municipality 2.
    const [anaRow] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'ana.comercial@aguasdelahabana.cu'));
    await t.database.db
      .update(users)
      .set({ address: { scopeMunicipality: 4 } })
      .where(eq(users.id, anaRow.id));
    try {
      const scoped = await call('POST', '/api/contract-requests/search', ana, { page: 1, size: 250 });
      expect(scoped.json().every((r: { municipality: number }) => r.municipality === 4)).toBe(true);
      // Outside her municipality a request reads as unknown (415), not as someone else's (456).
      expect((await move(mine.requestId, 'PENDING', ana)).json()).toMatchObject({ reference: 415 });
      const other = await call('POST', '/api/contract-requests/search', ana, {
        page: 1,
        filters: [{ type: 'TERM', field: 'municipality', value: 2 }],
      });
      expect(other.json()).toMatchObject({ reference: 456 });
    } finally {
      await t.database.db.update(users).set({ address: {} }).where(eq(users.id, anaRow.id));
    }
  });
});

describe('processing to a signed contract', () => {
  it('walks NEW → PENDING → REVIEW → SIGNATURE_READY → SIGNED, tells the owner each step, and opens the new account', async () => {
    const { requestId } = await send({ ...residential, email: undefined }, jose);
    expect((await move(requestId, 'REVIEW', ana)).json()).toMatchObject({ reference: 437 });
    const taken = await move(requestId, 'PENDING', ana, 'Recibimos su solicitud; la revisamos esta semana.');
    expect(taken.json()).toMatchObject({ status: 'PENDING', answer: expect.stringMatching(/esta semana/) });
    const again = await move(requestId, 'PENDING', ana);
    expect(again.json()).toMatchObject({ reference: 437 });
    expect((await move(requestId, 'REVIEW', ana)).json()).toMatchObject({ status: 'REVIEW' });
    // Back to PENDING and forward again is allowed; DEBT_PENDING is the ledger's, not staff's.
    expect((await move(requestId, 'DEBT_PENDING', ana)).json()).toMatchObject({ reference: 437 });
    // Office and place are needed before the contract is drawn up.
    expect((await move(requestId, 'SIGNATURE_READY', ana)).json()).toMatchObject({ reference: 425 });
    const current = (await call('GET', `/api/contract-requests/${requestId}`, ana)).json();
    const stale = await call('PATCH', `/api/contract-requests/${requestId}`, ana, {
      commercialOffice: 'Oficina Comercial Plaza',
      version: current.version - 1,
    });
    expect(stale.statusCode).toBe(409);
    // The office is chosen among those serving the request's municipality (Plaza): a made-up name or
    // another municipality's office is refused and nothing is saved.
    for (const commercialOffice of ['Oficina Comercial Plaza', 'Oficina Comercial Playa']) {
      const refused = await call('PATCH', `/api/contract-requests/${requestId}`, ana, {
        commercialOffice,
        version: current.version,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ name: 'BADREQUESTERROR', reference: 479 });
    }
    const filled = await call('PATCH', `/api/contract-requests/${requestId}`, ana, {
      commercialOffice: 'Oficina Comercial Plaza de la Revolución',
      version: current.version,
    });
    expect(filled.statusCode).toBe(200);
    expect((await move(requestId, 'SIGNATURE_READY', ana)).json()).toMatchObject({ reference: 426 });
    const badDate = await call('PATCH', `/api/contract-requests/${requestId}`, ana, {
      contractDate: '2001-01-01',
      version: filled.json().version,
    });
    expect(badDate.json()).toMatchObject({ reference: 427 });
    await call('PATCH', `/api/contract-requests/${requestId}`, ana, {
      contractPlace: 'La Habana',
      version: filled.json().version,
    });
    // The requester cannot download before signature; staff can from SIGNATURE_READY.
    const ready = await move(requestId, 'SIGNATURE_READY', ana, 'Pase a firmar el contrato.');
    expect(ready.json()).toMatchObject({ status: 'SIGNATURE_READY', hasContract: true });
    const r = ready.json();
    expect(r.contractNumber).toMatch(/^C-\d{4}-/);
    expect(r.newClientCode).toMatch(/^02\d{8}$/);
    expect((await call('GET', `/api/contract-requests/${requestId}/contract`, jose)).json()).toMatchObject({
      reference: 461,
    });
    const staffPdf = await call('GET', `/api/contract-requests/${requestId}/contract`, ana);
    expect(staffPdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(staffPdf.rawPayload);
    expect(text).toContain(r.contractNumber);
    expect(text).toContain('Lucía Fernández Mora');
    expect(text).toContain('Calle 23');
    expect(text).toMatch(/Base tarifaria/);
    // The billing period in force (settings; bimonthly in La Habana) is stated on the contract.
    expect(text).toMatch(/Período de facturación:?\s*bimestral \(cada 2 meses\)/);
    expect(text).toContain(r.contractCode);
    const verify = await call('GET', `/api/ahab-requests/verify-document/${r.contractCode}`);
    expect(verify.json()).toMatchObject({ valid: true, kind: 'CONTRACT', cc: r.newClientCode });

    const signed = await move(requestId, 'SIGNED', ana);
    expect(signed.json()).toMatchObject({ status: 'SIGNED', contractDate: expect.any(String) });
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.cc, r.newClientCode));
    expect(account).toMatchObject({
      holderName: 'Lucía Fernández Mora',
      clientType: 'RESIDENTIAL',
      municipality: 2,
    });
    const ownerPdf = await call('GET', `/api/contract-requests/${requestId}/contract`, jose);
    expect(ownerPdf.statusCode).toBe(200);
    // The owner associates the new code in one step, with the contract number as proof.
    const assoc = await call('POST', '/api/ahab-requests/associate-cc', jose, {
      cc: r.newClientCode,
      proof: r.contractNumber,
    });
    expect(assoc.statusCode, assoc.body).toBeLessThan(300);
    // Each change reached the drawer with {status, name: request ID}.
    const drawer = await call('POST', '/api/notifications/search', jose, { page: 1, size: 50 });
    const told = drawer
      .json()
      .filter((n: { payload: { body: { name: string } } }) => n.payload.body.name === requestId)
      .map((n: { payload: { body: { status: string } } }) => n.payload.body.status);
    expect(told).toEqual(expect.arrayContaining(['NEW', 'PENDING', 'REVIEW', 'SIGNATURE_READY', 'SIGNED']));
    // Nothing edits a signed request any more.
    expect((await move(requestId, 'REVIEW', ana)).json()).toMatchObject({ reference: 437 });
    const lookup = (await call('GET', `/api/contract-requests/lookup/${requestId}`)).json();
    expect(lookup.history.map((h: { status: string }) => h.status)).toEqual([
      'NEW',
      'PENDING',
      'REVIEW',
      'SIGNATURE_READY',
      'SIGNED',
    ]);
  });

  it('holds a request on a code with debt in DEBT_PENDING until the ledger says it is paid', async () => {
    const { requestId } = await send(
      {
        ...residential,
        procedureType: 'UPDATE_CONTRACT',
        clientCode: '2300000000001',
        reason: 'Somos 5 ahora',
        email: undefined,
      },
      maria,
    );
    const taken = await move(requestId, 'PENDING', ana);
    expect(taken.json()).toMatchObject({ status: 'DEBT_PENDING' });
    // The debt is paid in the ledger: the request goes back to PENDING on its own.
    await t.database.db.execute(
      sql`update invoices set status = 'PAID', paid_cents = invoiced_cents where cc = '2300000000001'`,
    );
    await expect
      .poll(async () => (await call('GET', `/api/contract-requests/lookup/${requestId}`)).json().status, {
        timeout: 5000,
      })
      .toBe('PENDING');
  });

  it('annuls residential requests with a reason only; state ones never; an annulled one is closed (432)', async () => {
    const { requestId } = await send({ ...residential, email: 'anular@example.cu' });
    expect(
      (await call('POST', `/api/contract-requests/${requestId}/annul`, ana, { reason: ' ' })).json(),
    ).toMatchObject({
      reference: 454,
    });
    const annulled = await call('POST', `/api/contract-requests/${requestId}/annul`, ana, {
      reason: 'Duplicada con otra solicitud',
    });
    expect(annulled.json()).toMatchObject({
      status: 'ANNULLED',
      annulReason: 'Duplicada con otra solicitud',
    });
    expect(
      (await call('POST', `/api/contract-requests/${requestId}/annul`, ana, { reason: 'otra' })).json(),
    ).toMatchObject({
      reference: 457,
    });
    expect((await move(requestId, 'PENDING', ana)).json()).toMatchObject({ reference: 432 });
    expect(
      (
        await call('PATCH', `/api/contract-requests/${requestId}`, ana, {
          policy: 'P-1',
          version: 99,
          force: true,
        })
      ).json(),
    ).toMatchObject({ reference: 432 });

    const s = await send({ ...state, entity: 'Escuela Primaria Ejemplo' });
    const refused = await call('POST', `/api/contract-requests/${s.requestId}/annul`, carlos, {
      reason: 'No procede',
    });
    expect(refused.json()).toMatchObject({ reference: 455 });
  });

  it('459 without a contract model for the sector; two staff moving at once: one wins, the other 409', async () => {
    const { requestId } = await send({ ...state, entity: 'Hospital Ejemplo' });
    await move(requestId, 'PENDING', carlos);
    await move(requestId, 'REVIEW', carlos);
    const cur = (await call('GET', `/api/contract-requests/${requestId}`, carlos)).json();
    await call('PATCH', `/api/contract-requests/${requestId}`, carlos, {
      commercialOffice: 'Oficina Comercial La Habana Vieja',
      contractPlace: 'La Habana',
      version: cur.version,
    });
    const saved = await t.database.db.select().from(contractModels).where(eq(contractModels.sector, 'STATE'));
    await t.database.db.delete(contractModels).where(eq(contractModels.sector, 'STATE'));
    expect((await move(requestId, 'SIGNATURE_READY', carlos)).json()).toMatchObject({ reference: 459 });
    await t.database.db.insert(contractModels).values(saved);
    const [a, b] = await Promise.all([
      call('POST', `/api/contract-requests/${requestId}/transition`, carlos, {
        to: 'PENDING',
        version: cur.version + 1,
      }),
      call('POST', `/api/contract-requests/${requestId}/transition`, carlos, {
        to: 'PENDING',
        version: cur.version + 1,
      }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });

  it('a request sent anonymously stays anonymous when its e-mail signs up; the new account claims it with the e-mailed code', async () => {
    const email = 'nueva.vecina@example.cu';
    const { requestId } = await send({ ...residential, email });
    const signup = await call('POST', '/api/signup', undefined, {
      email,
      password: 'Una.Clave.Segura.2026',
      confirmPassword: 'Una.Clave.Segura.2026',
      phone: '+5352001122',
      firstName: 'Nueva',
      lastName: 'Vecina',
      clientType: 'RESIDENTIAL',
      municipality: 2,
    });
    expect(signup.statusCode, signup.body).toBeLessThan(300);
    const mail = (await call('GET', `/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json();
    const verify = mail.find((m: { text: string }) => /\/verify\?token=/.test(m.text));
    expect(mail.some((m: { subject: string }) => m.subject.includes(requestId))).toBe(true);
    const token = /verify\?token=([\w-]+)/.exec(verify.text)?.[1];
    const verified = await call('POST', '/api/signup/verify', undefined, { token });
    expect(verified.statusCode, verified.body).toBeLessThan(300);
    const who = (await t.login(email, 'Una.Clave.Segura.2026')).authorization;
    const before = await call('POST', '/api/contract-requests/search', who, { page: 1 });
    expect(before.json()).toEqual([]);
    expect((await call('POST', `/api/contract-requests/${requestId}/claim-code`, who)).statusCode).toBe(202);
    const sent = (await call('GET', `/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json();
    const code = /(\d{6})\n/.exec(
      sent.find((m: { kind: string }) => m.kind === 'contract-request-claim-code').text,
    )?.[1];
    expect((await call('POST', `/api/contract-requests/${requestId}/claim`, who, { code })).statusCode).toBe(
      200,
    );
    const mine = await call('POST', '/api/contract-requests/search', who, { page: 1 });
    expect(mine.json().map((r: { requestId: string }) => r.requestId)).toEqual([requestId]);
  });

  it('steps back from review and from signature; a contract that cannot be drawn up is 460 and changes nothing', async () => {
    const { requestId } = await send({ ...residential, email: 'atras@example.cu' });
    await move(requestId, 'PENDING', ana);
    await move(requestId, 'REVIEW', ana);
    expect((await move(requestId, 'PENDING', ana)).json()).toMatchObject({ status: 'PENDING' });
    await move(requestId, 'REVIEW', ana);
    const cur = (await call('GET', `/api/contract-requests/${requestId}`, ana)).json();
    await call('PATCH', `/api/contract-requests/${requestId}`, ana, {
      commercialOffice: 'Oficina Comercial Plaza de la Revolución',
      contractPlace: 'La Habana',
      version: cur.version,
    });
    expect((await move(requestId, 'SIGNATURE_READY', ana)).json()).toMatchObject({
      status: 'SIGNATURE_READY',
    });
    expect((await move(requestId, 'REVIEW', ana)).json()).toMatchObject({ status: 'REVIEW' });
    // An answer without a move keeps the status and reaches the history.
    const answered = (await move(requestId, 'REVIEW', ana, 'Falta el título de propiedad.')).json();
    expect(answered).toMatchObject({ status: 'REVIEW', answer: 'Falta el título de propiedad.' });
    expect(answered.history.at(-1)).toMatchObject({
      kind: 'ANSWER',
      answer: 'Falta el título de propiedad.',
    });

    const broken = createContractRequestsService({
      db: t.database.db,
      repo: createContractRequestsRepository(t.database.db),
      commercial: createLedgerCommercialSystem(t.database.db),
      clientCodePattern: t.config.CLIENT_CODE_PATTERN,
      publicUrl: t.config.publicUrl,
      storage: { put: async () => {}, get: async () => null },
      renderContract: async () => {
        throw new Error('font missing');
      },
    });
    const [anaRow] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'ana.comercial@aguasdelahabana.cu'));
    const principal = (await loadPrincipal(t.database.db, anaRow.id, 'ahab'))!;
    await expect(broken.transition(principal, requestId, { to: 'SIGNATURE_READY' })).rejects.toMatchObject({
      reference: 460,
    });
    const after = (await call('GET', `/api/contract-requests/${requestId}`, ana)).json();
    expect(after).toMatchObject({ status: 'REVIEW', version: answered.version });
  });
});

describe('the queue totals kept by the database', () => {
  it('the total and the counts per status match the requests listed, as requests come in and move', async () => {
    type Listed = { status: string; sector: string };
    const check = async (filters: unknown[]) => {
      const listed = await call('POST', '/api/contract-requests/search', admin, {
        page: 1,
        size: 250,
        filters,
      });
      const rows: Listed[] = listed.json();
      expect(Number(listed.headers['x-total-count'])).toBe(rows.length);
      // The counts per status leave a status filter aside: compared on the other filters only.
      if (filters.some((f) => (f as { field: string }).field === 'status')) return rows;
      const counts = (await call('POST', '/api/contract-requests/counts', admin, { filters })).json();
      const byStatus = new Map<string, number>();
      for (const r of rows) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
      expect(
        Object.fromEntries(counts.map((c: { status: string; count: number }) => [c.status, c.count])),
      ).toEqual(Object.fromEntries(byStatus));
      return rows;
    };
    const all = await check([]);
    // Every earlier test's requests are there, in more than one status.
    expect(all.length).toBeGreaterThan(1);
    expect(new Set(all.map((r) => r.status)).size).toBeGreaterThan(1);
    await check([{ type: 'TERM', field: 'sector', value: 'RESIDENTIAL' }]);
    await check([{ type: 'TERMS', field: 'status', value: ['NEW', 'PENDING'] }]);
    // A page past the end still answers the exact total.
    const past = await call('POST', '/api/contract-requests/search', admin, { page: 50, size: 10 });
    expect(past.json()).toEqual([]);
    expect(Number(past.headers['x-total-count'])).toBe(all.length);
  });
});

describe('a signed contract in the commercial system', () => {
  it('opens the account there by request id and keeps the code it answers as the new client code', async () => {
    const { requestId } = await send({ ...residential, email: undefined }, jose);
    await move(requestId, 'PENDING', ana);
    await move(requestId, 'REVIEW', ana);
    const current = (await call('GET', `/api/contract-requests/${requestId}`, ana)).json();
    await call('PATCH', `/api/contract-requests/${requestId}`, ana, {
      commercialOffice: 'Oficina Comercial Plaza de la Revolución',
      contractPlace: 'La Habana',
      version: current.version,
    });
    const ready = (await move(requestId, 'SIGNATURE_READY', ana)).json();
    expect(ready.status).toBe('SIGNATURE_READY');
    // A system that assigns its own codes (as one over HTTP does): the ledger's account under its code.
    const ledger = createLedgerCommercialSystem(t.database.db);
    const opened: { requestId: string; cc: string; holderName: string }[] = [];
    const assigned = `02${String(Date.now()).slice(-8)}`;
    const service = createContractRequestsService({
      db: t.database.db,
      repo: createContractRequestsRepository(t.database.db),
      commercial: {
        ...ledger,
        async openAccount(tx, account) {
          opened.push(account);
          return ledger.openAccount(tx, { ...account, cc: assigned });
        },
      },
      clientCodePattern: t.config.CLIENT_CODE_PATTERN,
      publicUrl: t.config.publicUrl,
      storage: { put: async () => {}, get: async () => null },
    });
    const [anaRow] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'ana.comercial@aguasdelahabana.cu'));
    const principal = (await loadPrincipal(t.database.db, anaRow.id, 'ahab'))!;
    await service.transition(principal, requestId, { to: 'SIGNED' });
    expect(opened).toEqual([
      expect.objectContaining({ requestId, cc: ready.newClientCode, holderName: 'Lucía Fernández Mora' }),
    ]);
    // The requester is offered the code the commercial system gave, and the portal wrote no other account.
    const signed = (await call('GET', `/api/contract-requests/${requestId}`, jose)).json();
    expect(signed).toMatchObject({ status: 'SIGNED', newClientCode: assigned });
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.cc, assigned));
    expect(account).toMatchObject({ holderName: 'Lucía Fernández Mora', municipality: 2 });
    expect(await t.database.db.select().from(accounts).where(eq(accounts.cc, ready.newClientCode))).toEqual(
      [],
    );
  });
});
