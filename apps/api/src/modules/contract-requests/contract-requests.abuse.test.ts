import { eq, sql } from 'drizzle-orm';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import PDFKit from 'pdfkit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { pdfText } from '../../test/billing-world';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/test-app';
import { linksIn } from '../mail';
import { ACTIVE_PDF_KEYS } from './contract-requests.sanitize';

/**
 * Issue 26, "Abuse": the utility's mail server cannot be made to carry a stranger's text to anyone,
 * and a stranger cannot plant requests in a customer's account.
 */
let t: TestApp;
let ana: string; // residential specialist
beforeAll(async () => {
  t = await createTestApp();
  ana = (await t.login('ana.comercial@aguasdelahabana.cu', DEMO_PASSWORD)).authorization;
});
afterAll(() => t.close());

let address = 0;
const nextIp = () => `10.26.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
const call = (method: 'GET' | 'POST', url: string, authorization?: string, payload?: object, ip = nextIp()) =>
  t.app.inject({
    method,
    url,
    payload,
    remoteAddress: ip,
    headers: authorization ? { authorization } : {},
  });

const residential = {
  sector: 'RESIDENTIAL',
  procedureType: 'NEW_CONTRACT',
  fullName: 'Lucía Fernández Mora',
  nationalId: '85010112345',
  phone: '+5352998877',
  email: 'lucia.abuse@example.cu',
  municipality: 2,
  popularCouncil: 'Vedado',
  address: { street: 'Calle 23', number: '1054', between1: 'Calle 10', between2: 'Calle 12' },
  nucleusPeople: 4,
};

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
}
const mailbox = async (to: string): Promise<Mail[]> =>
  (await call('GET', `/api/dev/mailbox?to=${encodeURIComponent(to)}`)).json();

async function send(body: object, authorization?: string, ip?: string) {
  const res = await call('POST', '/api/contract-requests', authorization, body, ip);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { requestId: string; uploadToken: string };
}

describe('mails of contract requests', () => {
  it('throttles signed-in creation per account (429) without locking the customer out of anything else', async () => {
    const hotel = (await t.login('hotel.nacional@example.cu', DEMO_PASSWORD)).authorization;
    const codes: number[] = [];
    // Refused requests (an unknown code) give their slot back: only requests taken count.
    const unknown = {
      ...residential,
      procedureType: 'METER_INSTALLATION',
      clientCode: '2300000000099',
      proof: 'x',
    };
    for (let i = 0; i < 3; i++)
      codes.push((await call('POST', '/api/contract-requests', hotel, unknown)).statusCode);
    for (let i = 0; i < 7; i++)
      codes.push(
        (await call('POST', '/api/contract-requests', hotel, { ...residential, email: undefined }))
          .statusCode,
      );
    expect(codes).toEqual([400, 400, 400, 201, 201, 201, 201, 201, 429, 429]);
    const refused = await call('POST', '/api/contract-requests', hotel, { ...residential, email: undefined });
    expect(refused.json()).toMatchObject({ name: 'TOOMANYREQUESTSERROR', reference: 429 });
    expect(refused.headers['retry-after']).toBeDefined();
    // Everything else still works for her: her profile, her requests, signing in again.
    expect((await call('GET', '/api/users/me', hotel)).statusCode).toBe(200);
    const mine = await call('POST', '/api/contract-requests/search', hotel, { page: 1, size: 50 });
    expect(mine.json()).toHaveLength(5);
    await t.login('hotel.nacional@example.cu', DEMO_PASSWORD);
    // Another account is not affected.
    const maria = (await t.login('maria.perez@example.cu', DEMO_PASSWORD)).authorization;
    await send({ ...residential, email: undefined }, maria);
  });

  it('a signed-in request writes only to the account’s verified e-mail, whatever address the form carries', async () => {
    const jose = (await t.login('jose.fernandez@example.cu', DEMO_PASSWORD)).authorization;
    const victim = 'tercero.ajeno@example.cu';
    const { requestId } = await send(
      { ...residential, email: victim, fullName: 'Gane un premio en http://premio.example' },
      jose,
    );
    expect(await mailbox(victim)).toEqual([]);
    const own = (await mailbox('jose.fernandez@example.cu')).filter((m) => m.subject.includes(requestId));
    expect(own).toHaveLength(1);
    expect(own[0].text).not.toMatch(/premio/i);
  });

  it('an anonymous request’s address gets one confirmation a day; no typed text and no foreign link in any of its mails', async () => {
    const to = 'una.vez@example.cu';
    const bait = 'Visite https://estafa.example/pagar ahora';
    const first = await send({ ...residential, email: to, fullName: bait });
    const second = await send({ ...residential, email: to.toUpperCase(), fullName: 'Otro Nombre' });
    const third = await send({ ...residential, email: to, fullName: 'Tercer Nombre' });
    let mails = await mailbox(to);
    expect(mails.map((m) => m.kind)).toEqual(['contract-request-received']);
    expect(mails[0].subject).toContain(first.requestId);
    // The requests themselves are taken; only the mails are not repeated.
    for (const r of [second, third])
      expect((await call('GET', `/api/contract-requests/lookup/${r.requestId}`)).statusCode).toBe(200);

    // Staff answer with a foreign link: it reaches the requester without it.
    const moved = await call('POST', `/api/contract-requests/${first.requestId}/transition`, ana, {
      to: 'PENDING',
      answer:
        'Recibida. Vea www.otro-sitio.example o https://estafa.example/x, y escriba a x@estafa.example.',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    mails = await mailbox(to);
    expect(mails.map((m) => m.kind)).toEqual(['contract-request-status', 'contract-request-received']);
    const own = new URL(t.config.publicUrl).host;
    for (const m of mails) {
      for (const part of [m.subject, m.text, m.html]) {
        expect(part).not.toMatch(/Visite|estafa|otro-sitio|Lucía|Calle 23/);
        for (const link of linksIn(part.replace(/<[^>]+>/g, ' ')))
          expect(link.includes(own), `${link} in ${m.kind}`).toBe(true);
      }
      expect(m.text).not.toMatch(/^(Hola|Hello) /m);
    }
    expect(mails[0].text).toContain('Recibida. Vea [enlace omitido]');
  });

  it('a sign-up or e-mail change mail to an unproven address does not greet with the name typed', async () => {
    const to = 'destinatario.signup@example.cu';
    const res = await call('POST', '/api/signup', undefined, {
      email: to,
      password: 'Una.Clave.Segura.2026',
      confirmPassword: 'Una.Clave.Segura.2026',
      phone: '+5352001122',
      firstName: 'Cobre en premio.example',
      lastName: 'Ajeno',
      clientType: 'RESIDENTIAL',
      municipality: 2,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const [mail] = await mailbox(to);
    expect(mail.kind).toBe('verify-signup');
    expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toMatch(/premio|Cobre/);
    expect(mail.text).toContain('Hola:');
  });
});

describe('municipality scope of staff', () => {
  it('a request outside a clerk’s municipality answers 404 · 415 on every staff route, like an unknown one', async () => {
    const { requestId } = await send({ ...residential, email: 'fuera.de.ambito@example.cu' });
    const seen = (await call('GET', `/api/contract-requests/${requestId}`, ana)).json();
    const attachmentId = '00000000-0000-4000-8000-000000000000';
    const [anaRow] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'ana.comercial@aguasdelahabana.cu'));
    await t.database.db
      .update(users)
      .set({ address: { scopeMunicipality: 4 } })
      .where(eq(users.id, anaRow.id));
    try {
      for (const id of [requestId, 'ZZZZZ-ZZZZZ']) {
        const answers = [
          await call('GET', `/api/contract-requests/${id}`, ana),
          await call('POST', `/api/contract-requests/${id}/transition`, ana, {
            to: 'PENDING',
            answer: 'Vista',
          }),
          await call('POST', `/api/contract-requests/${id}/transition`, ana, { to: 'NEW', answer: 'Vista' }),
          await call('POST', `/api/contract-requests/${id}/annul`, ana, { reason: 'Duplicada' }),
          await t.app.inject({
            method: 'PATCH',
            url: `/api/contract-requests/${id}`,
            headers: { authorization: ana },
            payload: { version: seen.version, policy: 'P-1' },
          }),
          await call('GET', `/api/contract-requests/${id}/contract`, ana),
          await call('GET', `/api/contract-requests/${id}/attachments/${attachmentId}`, ana),
        ];
        for (const res of answers) {
          expect(res.statusCode, `${id} ${res.body}`).toBe(404);
          expect(res.json()).toMatchObject({ name: 'NOTFOUND', reference: 415 });
        }
      }
    } finally {
      await t.database.db.update(users).set({ address: {} }).where(eq(users.id, anaRow.id));
    }
    // Back in her scope, the same request is hers to process.
    expect((await call('GET', `/api/contract-requests/${requestId}`, ana)).statusCode).toBe(200);
  });
});

describe('PDF attachments', () => {
  /** A one-page PDF (pdfkit) armed with JavaScript, an open action, a Launch link and an embedded file. */
  async function armedPdf() {
    const doc = new PDFKit({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
    doc.text('Título de propiedad 2026-0042');
    doc.end();
    await done;
    const pdf = await PDFDocument.load(Buffer.concat(chunks));
    const ctx = pdf.context;
    const js = ctx.obj({ S: 'JavaScript', JS: PDFString.of('app.alert("hola")') });
    pdf.catalog.set(PDFName.of('OpenAction'), ctx.register(js));
    pdf.catalog.set(
      PDFName.of('AA'),
      ctx.obj({ WC: ctx.register(ctx.obj({ S: 'JavaScript', JS: PDFString.of('1') })) }),
    );
    await pdf.attach(Buffer.from('MZ payload'), 'factura.exe', { mimeType: 'application/octet-stream' });
    const page = pdf.getPage(0);
    page.node.set(
      PDFName.of('AA'),
      ctx.obj({ O: ctx.register(ctx.obj({ S: 'JavaScript', JS: PDFString.of('2') })) }),
    );
    const launch = ctx.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [0, 0, 100, 100],
      A: { S: 'Launch', F: PDFString.of('cmd.exe') },
    });
    page.node.set(PDFName.of('Annots'), ctx.obj([ctx.register(launch)]));
    return Buffer.from(await pdf.save({ useObjectStreams: false }));
  }

  it('stores a PDF rebuilt without JavaScript, open actions, Launch or embedded files, and serves it as a download', async () => {
    const armed = await armedPdf();
    for (const key of ['/OpenAction', '/JavaScript', '/JS', '/Launch', '/EmbeddedFiles', '/AA'])
      expect(armed.includes(key), `the crafted file carries ${key}`).toBe(true);
    const { requestId, uploadToken } = await send({ ...residential, email: 'pdf.armado@example.cu' });
    const boundary = '----ov-abuse-boundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nPROPERTY_TITLE\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="título.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      armed,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/contract-requests/${requestId}/attachments`,
      payload: body,
      remoteAddress: nextIp(),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-upload-token': uploadToken },
    });
    expect(up.statusCode, up.body).toBe(201);
    const served = await call('GET', `/api/contract-requests/${requestId}/attachments/${up.json()._id}`, ana);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toMatch(
      /^attachment; filename="t_tulo\.pdf"; filename\*=UTF-8''t%C3%ADtulo\.pdf$/,
    );
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const stored = served.rawPayload;
    for (const key of ACTIVE_PDF_KEYS) expect(stored.includes(key), `stored file carries ${key}`).toBe(false);
    expect(stored.includes('MZ payload')).toBe(false);
    // Still the same document: a valid PDF with its page and its text.
    expect(stored.subarray(0, 5).toString()).toBe('%PDF-');
    const reread = await PDFDocument.load(stored);
    expect(reread.getPageCount()).toBe(1);
    expect(await pdfText(stored)).toContain('2026-0042');
    expect(up.json().bytes).toBe(stored.length);
  });

  it('refuses a file that only looks like a PDF (478) and stores nothing', async () => {
    const { requestId, uploadToken } = await send({ ...residential, email: 'pdf.roto@example.cu' });
    const boundary = '----ov-abuse-boundary';
    const fake = Buffer.from(`%PDF-1.4\n1 0 obj<</OpenAction 2 0 R>>endobj\ntrailer<<>>\n%%EOF\n`);
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/contract-requests/${requestId}/attachments`,
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        fake,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      remoteAddress: nextIp(),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-upload-token': uploadToken },
    });
    expect(up.json()).toMatchObject({ name: 'BADREQUESTERROR', reference: 478 });
    const seen = (await call('GET', `/api/contract-requests/${requestId}`, ana)).json();
    expect(seen.attachments).toEqual([]);
  });
});

describe('planting a request in a customer’s account', () => {
  const codeIn = (m: Mail) =>
    /solicitud: (\d{6})|request's page: (\d{6})/.exec(m.text)?.slice(1).find(Boolean);
  const list = async (who: string) =>
    (await call('POST', '/api/contract-requests/search', who, { page: 1, size: 100 }))
      .json()
      .map((r: { requestId: string }) => r.requestId);

  it('an anonymous request naming a verified account’s e-mail stays anonymous: not in her list, not hers to read', async () => {
    const maria = (await t.login('maria.perez@example.cu', DEMO_PASSWORD)).authorization;
    const planted = await send({
      ...residential,
      email: 'maria.perez@example.cu',
      fullName: 'Desconocido Atacante',
    });
    expect(await list(maria)).not.toContain(planted.requestId);
    expect((await call('GET', `/api/contract-requests/${planted.requestId}`, maria)).statusCode).toBe(404);
    const notes = await call('POST', '/api/notifications/search', maria, { page: 1, size: 100 });
    expect(notes.statusCode).toBe(200);
    expect(notes.body).not.toContain(planted.requestId);
  });

  it('the address’s owner claims it after signing in with the code e-mailed there: hashed, single use, traced', async () => {
    const jose = (await t.login('jose.fernandez@example.cu', DEMO_PASSWORD)).authorization;
    const to = 'jose.otra.direccion@example.cu';
    const { requestId, uploadToken } = await send({
      ...residential,
      email: to,
      fullName: 'Nombre <b>Escrito</b>',
    });
    const ask = await call('POST', `/api/contract-requests/${requestId}/claim-code`, jose);
    expect(ask.statusCode, ask.body).toBe(202);
    const mail = (await mailbox(to)).find((m) => m.kind === 'contract-request-claim-code');
    if (!mail) throw new Error('no claim mail');
    expect(mail.subject).toBe(`Código para su solicitud ${requestId}`);
    expect(`${mail.text}${mail.html}`).not.toMatch(/Escrito|Nombre|jose\.fernandez/);
    const code = codeIn(mail);
    expect(code).toMatch(/^\d{6}$/);
    // Only its hash is stored.
    const stored = await t.database.db.execute(sql`select code_hash from contract_request_claims`);
    for (const r of stored.rows as { code_hash: string }[]) {
      expect(r.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(r.code_hash).not.toContain(code);
    }
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await call('POST', `/api/contract-requests/${requestId}/claim`, jose, { code: wrong });
    expect(refused.json()).toMatchObject({
      reference: 493,
      message: 'El código no es válido o ya fue utilizado',
    });
    const malformed = await call('POST', `/api/contract-requests/${requestId}/claim`, jose, { code: 'abc' });
    expect(malformed.statusCode).toBe(400);
    // Another customer cannot use the code sent for José's ask.
    const maria = (await t.login('maria.perez@example.cu', DEMO_PASSWORD)).authorization;
    expect(
      (await call('POST', `/api/contract-requests/${requestId}/claim`, maria, { code })).json(),
    ).toMatchObject({
      reference: 493,
    });

    const claimed = await call('POST', `/api/contract-requests/${requestId}/claim`, jose, { code });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toMatchObject({ requestId, owned: true });
    expect(await list(jose)).toContain(requestId);
    // Single use, and now his: again 495; for anyone else it reads as unknown.
    expect(
      (await call('POST', `/api/contract-requests/${requestId}/claim`, jose, { code })).json(),
    ).toMatchObject({
      reference: 495,
    });
    expect((await call('POST', `/api/contract-requests/${requestId}/claim-code`, maria)).statusCode).toBe(
      404,
    );
    // The anonymous upload token no longer adds files to what is now a customer's request.
    const boundary = '----ov-claim';
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/contract-requests/${requestId}/attachments`,
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        await sharp({ create: { width: 40, height: 40, channels: 3, background: '#3366aa' } })
          .png()
          .toBuffer(),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      remoteAddress: nextIp(),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-upload-token': uploadToken },
    });
    expect(late.json()).toMatchObject({ reference: 438 });
    // Traced: the code asked for and the claim.
    const trace = await t.database.db.execute(
      sql`select section from traces where module = 'contract-requests' and section in ('claim', 'claim-code') order by id`,
    );
    expect((trace.rows as { section: string }[]).map((r) => r.section)).toEqual(['claim-code', 'claim']);
  });

  it('refuses what cannot be claimed (495 own, 496 no e-mail), expired codes (494) and guessing (429 after 5 wrong, the code dies)', async () => {
    const escuela = (await t.login('escuela.marti@example.cu', DEMO_PASSWORD)).authorization;
    const own = await send({ ...residential, email: undefined }, escuela);
    expect(
      (await call('POST', `/api/contract-requests/${own.requestId}/claim-code`, escuela)).json(),
    ).toMatchObject({
      reference: 495,
      message: 'La solicitud ya está en su cuenta',
    });
    const noMail = await send({ ...residential, email: undefined });
    expect(
      (await call('POST', `/api/contract-requests/${noMail.requestId}/claim-code`, escuela)).json(),
    ).toMatchObject({
      reference: 496,
    });
    expect((await call('POST', '/api/contract-requests/ZZZZZ-ZZZZZ/claim-code', escuela)).statusCode).toBe(
      404,
    );
    expect((await call('POST', `/api/contract-requests/${noMail.requestId}/claim-code`)).statusCode).toBe(
      401,
    );

    const to = 'caduca@example.cu';
    const late = await send({ ...residential, email: to });
    await call('POST', `/api/contract-requests/${late.requestId}/claim-code`, escuela);
    const [mail] = await mailbox(to);
    const code = codeIn(mail) ?? '';
    await t.database.db.execute(
      sql`update contract_request_claims set expires_at = now() - interval '1 minute'`,
    );
    const expired = await call('POST', `/api/contract-requests/${late.requestId}/claim`, escuela, { code });
    expect(expired.json()).toMatchObject({
      reference: 494,
      message: 'El código ha caducado; solicite uno nuevo',
    });

    const to2 = 'adivinar@example.cu';
    const guessed = await send({ ...residential, email: to2 });
    await call('POST', `/api/contract-requests/${guessed.requestId}/claim-code`, escuela);
    const real = codeIn((await mailbox(to2))[0]) ?? '';
    const answers: number[] = [];
    for (let i = 1; i <= 4; i++) {
      const wrong = String((Number(real) + i) % 1_000_000).padStart(6, '0');
      answers.push(
        (
          await call('POST', `/api/contract-requests/${guessed.requestId}/claim`, escuela, { code: wrong })
        ).json().reference,
      );
    }
    // The expired try above counted too: the fifth wrong one is the last.
    expect(answers).toEqual([493, 493, 493, 493]);
    const over = await call('POST', `/api/contract-requests/${guessed.requestId}/claim`, escuela, {
      code: real,
    });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ name: 'TOOMANYREQUESTSERROR' });
    expect((await call('GET', `/api/contract-requests/${guessed.requestId}`, escuela)).statusCode).toBe(404);
  });
});
