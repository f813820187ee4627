import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Oficina Virtual API',
        description:
          'API of the customer self-service office. Errors are `{name, reference, message}`; lists return the total in `x-total-count`.',
        version: '0.1.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    // Public routes (sign-in, sign-up, health, gateway callbacks…) need no bearer token.
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const access = (input.route.config as { access?: unknown } | undefined)?.access;
      return access === 'public'
        ? { ...out, schema: { ...out.schema, security: [] } as typeof out.schema }
        : out;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
