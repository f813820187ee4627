import { type AppError, signinSchema } from '@ov/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/access';
import type { AuthService } from './auth.service';

const tokensSchema = z.object({ accessToken: z.string(), refreshToken: z.string(), space: z.string() });

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/api/signin',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail or username',
        body: signinSchema,
        response: {
          200: tokensSchema.extend({
            deviceToken: z.string(),
            /** Staff only (issue 30): the session reaches only the second step until it is done. */
            secondFactor: z
              .object({
                stage: z.enum(['verify', 'enrol']),
                methods: z.array(z.enum(['passkey', 'totp', 'recovery'])),
              })
              .optional(),
          }),
        },
      },
    },
    async (req) => {
      try {
        const { userId, ...tokens } = await auth.signin(
          req.body.email,
          req.body.password,
          req.ip,
          req.body.devices,
          req.body.remembered,
        );
        req.log.info({ userId, ip: req.ip }, 'sign-in');
        return tokens;
      } catch (err) {
        const { name, reference } = err as AppError;
        req.log.warn({ ip: req.ip, reason: name, reference }, 'sign-in refused');
        throw err;
      }
    },
  );

  app.post(
    '/api/refresh-token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Exchange a refresh token for a new pair (the old one is spent)',
        body: z.object({
          token: z.string().optional(),
          refresh: z.string().min(1).max(200),
          space: z.string().min(1).max(64),
        }),
        response: { 200: tokensSchema },
      },
    },
    async (req) => auth.refresh(req.body.refresh, req.body.space),
  );

  app.post(
    '/api/signout',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'End this sign-in',
        body: z.object({ refresh: z.string().min(1).max(200) }),
      },
    },
    async (req, reply) => {
      await auth.signout(req.body.refresh);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/signout/all',
    {
      config: { access: 'authenticated', duringPasswordChange: true, duringSecondFactor: true },
      schema: { tags: ['auth'], summary: 'End every sign-in of the caller (all devices)' },
    },
    async (req, reply) => {
      const { userId } = principalOf(req);
      const revoked = await auth.signoutAll(userId);
      req.log.info({ userId, revoked }, 'signed out everywhere');
      return reply.code(204).send();
    },
  );
};
