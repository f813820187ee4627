import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { traces } from '../../db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let customer: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login()).authorization;
  customer = (await t.login('maria.perez@example.cu', DEMO_PASSWORD)).authorization;
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  authorization?: string,
  payload?: object,
  lang = 'es',
) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { 'accept-language': lang, ...(authorization ? { authorization } : {}) },
  });

const draft = {
  category: 'payments',
  order: 9,
  published: false,
  question: { es: '¿Puedo pagar con tarjeta de otro titular?', en: 'Can I pay with someone else’s card?' },
  answer: { es: 'Sí, el pago se aplica al código elegido.', en: 'Yes, the payment goes to the chosen code.' },
};

describe('public FAQs', () => {
  it('lists the published questions in the caller’s language, by category and order, to anyone', async () => {
    const es = await call('GET', '/api/faqs');
    expect(es.statusCode).toBe(200);
    const list = es.json() as { category: string; order: number; question: string; answer: string }[];
    expect(list.length).toBeGreaterThanOrEqual(8);
    expect(list.map((f) => f.question)).toContain('¿Qué significa «Conveniada»?');
    const en = (await call('GET', '/api/faqs', undefined, undefined, 'en')).json() as { question: string }[];
    expect(en.map((f) => f.question)).toContain('What does "Agreed" (Conveniada) mean?');
    const billing = list.filter((f) => f.category === 'billing').map((f) => f.order);
    expect(billing).toEqual([...billing].sort((a, b) => a - b));
  });
});

describe('FAQ configuration (FAQ:WRITE)', () => {
  it('creates a draft that stays private until published, traced with before and after', async () => {
    const created = await call('POST', '/api/faqs', admin, draft);
    expect(created.statusCode).toBe(201);
    const faq = created.json();
    expect(faq).toMatchObject({ ...draft, version: 0 });
    const isPublic = async () =>
      ((await call('GET', '/api/faqs')).json() as { _id: string }[]).some((f) => f._id === faq._id);
    expect(await isPublic()).toBe(false);

    const published = await call('PATCH', `/api/faqs/${faq._id}`, admin, { published: true, version: 0 });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ published: true, version: 1 });
    expect(await isPublic()).toBe(true);

    const [trace] = await t.database.db
      .select()
      .from(traces)
      .where(and(eq(traces.module, 'faqs'), eq(traces.type, 'UPDATE'), eq(traces.entityId, faq._id)));
    expect(trace.payload).toEqual({ changes: { published: { before: false, after: true } } });

    const drafts = await call('POST', '/api/faqs/search', admin, {
      filters: [{ type: 'TERM', field: 'published', value: false }],
    });
    expect(drafts.statusCode).toBe(200);
    expect(drafts.json().every((f: { published: boolean }) => !f.published)).toBe(true);
  });

  it('answers a concurrent edit with 409 and the current FAQ; force overwrites', async () => {
    const faq = (await call('POST', '/api/faqs', admin, draft)).json();
    await call('PATCH', `/api/faqs/${faq._id}`, admin, { order: 2, version: 0 });
    const stale = await call('PATCH', `/api/faqs/${faq._id}`, admin, { order: 3, version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      name: 'CONFLICTERROR',
      details: { ref: faq._id, current: { order: 2 } },
    });
    const forced = await call('PATCH', `/api/faqs/${faq._id}`, admin, { order: 3, version: 0, force: true });
    expect(forced.json()).toMatchObject({ order: 3, version: 2 });
    expect((await call('DELETE', `/api/faqs/${faq._id}`, admin)).statusCode).toBe(204);
    expect((await call('GET', `/api/faqs/${faq._id}`, admin)).statusCode).toBe(404);
  });

  it('moves a question up and down within its category', async () => {
    const billing = async () =>
      ((await call('GET', '/api/faqs')).json() as { _id: string; category: string; question: string }[])
        .filter((f) => f.category === 'billing')
        .map((f) => f._id);
    const [first, second, third] = await billing();
    const up = await call('POST', `/api/faqs/${third}/move`, admin, { direction: 'up' });
    expect(up.statusCode).toBe(200);
    expect(await billing()).toEqual([first, third, second]);
    await call('POST', `/api/faqs/${first}/move`, admin, { direction: 'up' }); // already first: stays
    await call('POST', `/api/faqs/${first}/move`, admin, { direction: 'down' });
    expect(await billing()).toEqual([third, first, second]);
    expect((await call('POST', `/api/faqs/${first}/move`, customer, { direction: 'down' })).statusCode).toBe(
      403,
    );
  });

  it('refuses bad input with the spec’s messages and changes nothing', async () => {
    const res = await call('POST', '/api/faqs', admin, {
      ...draft,
      question: { es: 'a'.repeat(251), en: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual(
      expect.arrayContaining([
        { field: 'body.question.es', message: 'Máximo 250 caracteres' },
        { field: 'body.question.en', message: 'Requerido' },
      ]),
    );
  });

  it('takes answer links only to https addresses and pages of the portal', async () => {
    const withLink = (es: string) => ({ ...draft, answer: { ...draft.answer, es } });
    for (const target of ['http://pagos.example.cu', '//otro.example.com/x', 'javascript:alert(1)']) {
      const res = await call('POST', '/api/faqs', admin, withLink(`Vea [aquí](${target}).`));
      expect(res.statusCode, target).toBe(400);
      expect(res.json().details).toEqual([
        {
          field: 'body.answer.es',
          message: 'Los enlaces deben llevar a una dirección https:// o a una página del portal (/…)',
        },
      ]);
    }
    const english = await call('POST', '/api/faqs', admin, withLink('[x](http://a.cu)'), 'en');
    expect(english.json().details[0].message).toBe(
      'Links must lead to an https:// address or to a page of the portal (/…)',
    );
    const fine = await call(
      'POST',
      '/api/faqs',
      admin,
      withLink('[Pagos](https://www.enzona.net) o [aquí](/faqs)'),
    );
    expect(fine.statusCode).toBe(201);
    const patched = await call('PATCH', `/api/faqs/${fine.json()._id}`, admin, {
      answer: { es: '[x](//evil.example)', en: 'ok' },
      version: fine.json().version,
    });
    expect(patched.statusCode).toBe(400);
  });

  it('is closed to customers and strangers', async () => {
    expect((await call('POST', '/api/faqs', customer, draft)).statusCode).toBe(403);
    expect((await call('POST', '/api/faqs/search', customer, {})).statusCode).toBe(403);
    expect((await call('POST', '/api/faqs', undefined, draft)).statusCode).toBe(401);
  });
});
