import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/test-app';
import { linksIn } from '../mail/links';

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
    for (let i = 0; i < 7; i++)
      codes.push(
        (await call('POST', '/api/contract-requests', hotel, { ...residential, email: undefined }))
          .statusCode,
      );
    expect(codes).toEqual([201, 201, 201, 201, 201, 429, 429]);
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
