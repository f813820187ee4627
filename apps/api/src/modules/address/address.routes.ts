import { AppError, LOOKUP_SIZE, PERMISSIONS, searchQuerySchema } from '@ov/domain';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { municipalities, organizations, popularCouncils, streets } from '../../db/schema';
import { pageWindow, type SearchSpec, searchOrder, searchWhere, sendPage } from '../../lib/search';

const municipalityParam = z.object({ municipality: z.coerce.number().int().positive().max(100000) });
const named = z.array(z.object({ id: z.number(), name: z.string() }));

const municipalitySearch: SearchSpec = {
  searchColumns: [municipalities.name],
  filterFields: { pk: municipalities.pk, province: municipalities.province },
  sortFields: { pk: municipalities.pk, municipio: municipalities.name },
  defaultSort: [asc(municipalities.pk)],
};

/** Address lookups (spec §7 under /api/ahab-requests): public, small, cached by the browser. */
export const addressRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const base = '/api/ahab-requests';

  async function requireMunicipality(pk: number) {
    const [m] = await db
      .select({ pk: municipalities.pk })
      .from(municipalities)
      .where(eq(municipalities.pk, pk));
    if (!m) throw new AppError('NOTFOUND', 415);
  }

  app.get(
    `${base}/address/municipalities`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['address'],
        response: { 200: z.array(z.object({ pk: z.number(), municipio: z.string(), province: z.string() })) },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return db
        .select({ pk: municipalities.pk, municipio: municipalities.name, province: municipalities.province })
        .from(municipalities)
        .orderBy(asc(municipalities.pk))
        .limit(LOOKUP_SIZE);
    },
  );

  app.get(
    `${base}/address/streets/:municipality`,
    {
      config: { access: 'public' },
      schema: { tags: ['address'], params: municipalityParam, response: { 200: named } },
    },
    async (req) => {
      await requireMunicipality(req.params.municipality);
      return db
        .select({ id: streets.id, name: streets.name })
        .from(streets)
        .where(eq(streets.municipality, req.params.municipality))
        .orderBy(asc(streets.name));
    },
  );

  app.get(
    `${base}/address/popular-councils/:municipality`,
    {
      config: { access: 'public' },
      schema: { tags: ['address'], params: municipalityParam, response: { 200: named } },
    },
    async (req) => {
      await requireMunicipality(req.params.municipality);
      return db
        .select({ id: popularCouncils.id, name: popularCouncils.name })
        .from(popularCouncils)
        .where(eq(popularCouncils.municipality, req.params.municipality))
        .orderBy(asc(popularCouncils.name));
    },
  );

  app.get(
    `${base}/organizations`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['address'],
        response: { 200: z.array(z.object({ id: z.number(), name: z.string(), kind: z.string() })) },
      },
    },
    async () =>
      db
        .select({ id: organizations.id, name: organizations.name, kind: organizations.kind })
        .from(organizations)
        .orderBy(asc(organizations.name))
        .limit(LOOKUP_SIZE),
  );

  app.post(
    '/api/municipalities/search',
    {
      config: { access: { anyOf: [PERMISSIONS.ADMIN] } },
      schema: {
        tags: ['address'],
        summary: 'Municipalities with their popular councils and streets counts',
        body: searchQuerySchema,
        response: {
          200: z.array(
            z.object({
              pk: z.number(),
              municipio: z.string(),
              province: z.string(),
              popularCouncils: z.number(),
              streets: z.number(),
            }),
          ),
        },
      },
    },
    async (req, reply) => {
      const q = req.body;
      const where = searchWhere(municipalitySearch, q);
      const { limit, offset } = pageWindow(q);
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({
            pk: municipalities.pk,
            municipio: municipalities.name,
            province: municipalities.province,
            popularCouncils: sql<number>`(select count(*)::int from ${popularCouncils} where ${popularCouncils.municipality} = ${municipalities.pk})`,
            streets: sql<number>`(select count(*)::int from ${streets} where ${streets.municipality} = ${municipalities.pk})`,
          })
          .from(municipalities)
          .where(where)
          .orderBy(...searchOrder(municipalitySearch, q))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(municipalities).where(where),
      ]);
      return sendPage(reply, { rows, total });
    },
  );
};
