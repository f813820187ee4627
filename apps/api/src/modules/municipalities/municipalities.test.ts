import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('address lookups', () => {
  it('lists the 15 municipalities of La Habana as {pk, municipio}, cached by the browser', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ahab-requests/address/municipalities' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const list = res.json();
    expect(list).toHaveLength(15);
    expect(list[0]).toEqual({ pk: 1, municipio: 'Playa', province: 'La Habana' });
    expect(list.map((m: { municipio: string }) => m.municipio)).toEqual(
      expect.arrayContaining(['Plaza de la Revolución', 'La Habana Vieja', 'Cotorro']),
    );
  });

  it('lists streets and popular councils of one municipality, and 404 for an unknown one', async () => {
    const streets = await t.app.inject({ method: 'GET', url: '/api/ahab-requests/address/streets/2' });
    expect(streets.json().length).toBeGreaterThanOrEqual(8);
    const councils = await t.app.inject({
      method: 'GET',
      url: '/api/ahab-requests/address/popular-councils/2',
    });
    expect(councils.json().map((c: { name: string }) => c.name)).toContain('Vedado');
    for (const what of ['streets', 'popular-councils']) {
      const unknown = await t.app.inject({ method: 'GET', url: `/api/ahab-requests/address/${what}/99` });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ name: 'NOTFOUND', reference: 415 });
    }
  });

  it('lists organizations', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ahab-requests/organizations' });
    expect(res.json().length).toBeGreaterThan(0);
  });
});

describe('the staff list of municipalities', () => {
  const search = async (payload: object, authorization?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/municipalities/search',
      payload,
      headers: { authorization: authorization ?? (await t.login()).authorization },
    });

  it('pages them with their popular councils and streets counted (x-total-count)', async () => {
    const res = await search({ page: 1, size: 5, search: '', filters: [] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('15');
    const rows = res.json();
    expect(rows.map((m: { pk: number }) => m.pk)).toEqual([1, 2, 3, 4, 5]);
    const plaza = rows.find((m: { pk: number }) => m.pk === 2);
    expect(plaza.popularCouncils).toBeGreaterThan(0);
    expect(plaza.streets).toBeGreaterThanOrEqual(8);
    const found = await search({ page: 1, size: 10, search: 'cotorro', filters: [] });
    expect(found.json().map((m: { municipio: string }) => m.municipio)).toEqual(['Cotorro']);
  });

  it('is for administrators only', async () => {
    const customer = (await t.login('maria.perez@example.cu', DEMO_PASSWORD)).authorization;
    expect((await search({ page: 1, size: 5, search: '', filters: [] }, customer)).statusCode).toBe(403);
  });
});
