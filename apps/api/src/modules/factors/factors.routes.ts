import { PERMISSIONS } from '@ov/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/access';
import type { FactorsService } from './factors.service';

const tokensSchema = z.object({ accessToken: z.string(), refreshToken: z.string(), space: z.string() });
const doneSchema = tokensSchema.extend({ rememberToken: z.string().optional() });
const optionsSchema = z.object({ challengeId: z.string(), options: z.record(z.string(), z.unknown()) });
const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
/** A WebAuthn response as the browser package hands it over (verified by @simplewebauthn/server). */
const webauthnResponse = z.record(z.string(), z.unknown());
const rememberSchema = z.object({ name: z.string().trim().min(1).max(60) }).optional();
const code = z.string().trim().min(1).max(40);
/** Routes a sign-in still owing its second factor may call (and signed-in people, for their profile). */
const secondStep = { access: 'authenticated', duringSecondFactor: true } as const;

export const factorsRoutes: FastifyPluginAsyncZod<{ factors: FactorsService }> = async (app, { factors }) => {
  app.get(
    '/api/second-factor',
    {
      config: secondStep,
      schema: {
        tags: ['second-factor'],
        summary: "The caller's second factors (passkeys, authenticator app, remembered browsers)",
        response: {
          200: z.object({
            required: z.boolean(),
            stage: z.enum(['verify', 'enrol']).nullable(),
            totp: z.boolean(),
            recoveryCodesLeft: z.number().int(),
            passkeys: z.array(passkeySchema),
            rememberedBrowsers: z.array(
              z.object({ id: z.string(), name: z.string(), createdAt: z.string(), expiresAt: z.string() }),
            ),
          }),
        },
      },
    },
    async (req) => factors.status(principalOf(req)),
  );

  app.post(
    '/api/second-factor/totp',
    {
      config: secondStep,
      schema: {
        tags: ['second-factor'],
        summary: 'Start setting up an authenticator app: its secret and otpauth:// address',
        response: { 200: z.object({ secret: z.string(), uri: z.string() }) },
      },
    },
    async (req) => factors.startTotp(principalOf(req)),
  );

  app.post(
    '/api/second-factor/totp/confirm',
    {
      config: secondStep,
      schema: {
        tags: ['second-factor'],
        summary:
          'Confirm the app with its first code: ten recovery codes (and the whole session if one was waiting)',
        body: z.object({ code, remember: rememberSchema }),
        response: {
          200: z.object({ recoveryCodes: z.array(z.string()), session: doneSchema.optional() }),
        },
      },
    },
    async (req) => factors.confirmTotp(principalOf(req), req.body.code, req.ip, req.body.remember),
  );

  app.delete(
    '/api/second-factor/totp',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['second-factor'], summary: 'Remove the authenticator app (and its recovery codes)' },
    },
    async (req, reply) => {
      await factors.removeTotp(principalOf(req));
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/second-factor/recovery-codes',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['second-factor'],
        summary: 'Ten new recovery codes (the previous ones stop working)',
        response: { 200: z.object({ recoveryCodes: z.array(z.string()) }) },
      },
    },
    async (req) => factors.regenerateRecoveryCodes(principalOf(req)),
  );

  app.post(
    '/api/second-factor/passkey-options',
    {
      config: secondStep,
      schema: {
        tags: ['second-factor'],
        summary: "Options to present one of the caller's passkeys at the second step",
        response: { 200: optionsSchema },
      },
    },
    async (req) => factors.secondStepPasskeyOptions(principalOf(req)),
  );

  app.post(
    '/api/second-factor/verify',
    {
      config: secondStep,
      schema: {
        tags: ['second-factor'],
        summary: 'The second step of a staff sign-in: an app code, a recovery code or a passkey',
        body: z.object({
          method: z.enum(['totp', 'recovery', 'passkey']),
          code: code.optional(),
          challengeId: z.string().uuid().optional(),
          response: webauthnResponse.optional(),
          remember: rememberSchema,
        }),
        response: { 200: doneSchema },
      },
    },
    async (req) => {
      const { method, code: given, challengeId, response, remember } = req.body;
      const input =
        method === 'passkey'
          ? { method, challengeId: challengeId ?? '00000000-0000-0000-0000-000000000000', response }
          : { method, code: given ?? '' };
      return factors.verify(principalOf(req), input, req.ip, remember);
    },
  );

  app.post(
    '/api/passkeys/options',
    {
      config: secondStep,
      schema: {
        tags: ['second-factor'],
        summary: 'Options to register a new passkey of the caller',
        response: { 200: optionsSchema },
      },
    },
    async (req) => factors.passkeyRegistrationOptions(principalOf(req)),
  );

  app.post(
    '/api/passkeys',
    {
      config: secondStep,
      schema: {
        tags: ['second-factor'],
        summary: 'Keep a new passkey (a sign-in waiting for a factor to be set up becomes whole)',
        body: z.object({
          challengeId: z.string().uuid(),
          response: webauthnResponse,
          name: z.string().trim().min(1).max(60),
          remember: rememberSchema,
        }),
        response: { 200: z.object({ passkey: passkeySchema, session: doneSchema.optional() }) },
      },
    },
    async (req) => {
      const { remember, ...input } = req.body;
      return factors.registerPasskey(principalOf(req), input, remember);
    },
  );

  app.delete(
    '/api/passkeys/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['second-factor'],
        summary: 'Remove one of the caller’s passkeys',
        params: z.object({ id: z.string().uuid() }),
      },
    },
    async (req, reply) => {
      await factors.removePasskey(principalOf(req), req.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/passkeys/signin/options',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Options to sign in with a passkey instead of a password',
        response: { 200: optionsSchema },
      },
    },
    async (req) => factors.passkeySignInOptions(req.ip),
  );

  app.post(
    '/api/passkeys/signin',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a passkey (a whole sign-in, throttled like a password)',
        body: z.object({ challengeId: z.string().uuid(), response: webauthnResponse }),
        response: { 200: tokensSchema },
      },
    },
    async (req) => factors.passkeySignIn(req.body, req.ip),
  );

  app.delete(
    '/api/second-factor/remembered',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['second-factor'], summary: 'Forget every browser remembered for the second factor' },
    },
    async (req, reply) => {
      await factors.forgetBrowsers(principalOf(req));
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/users/:id/second-factors',
    {
      config: { access: { anyOf: [PERMISSIONS.USER_WRITE] } },
      schema: {
        tags: ['users'],
        summary: 'Which second factors a person has set up (super-administrators only, before a reset)',
        params: z.object({ id: z.string().uuid() }),
        response: { 200: z.object({ authenticatorApp: z.boolean(), passkeys: z.number().int() }) },
      },
    },
    async (req) => factors.enrolledOf(principalOf(req), req.params.id),
  );

  app.post(
    '/api/users/:id/second-factors/reset',
    {
      config: { access: { anyOf: [PERMISSIONS.USER_WRITE] } },
      schema: {
        tags: ['users'],
        summary:
          "Clear a person's second factors (super-administrators only; traced, the person is e-mailed)",
        params: z.object({ id: z.string().uuid() }),
      },
    },
    async (req, reply) => {
      await factors.reset(principalOf(req), req.params.id);
      return reply.code(204).send();
    },
  );
};
