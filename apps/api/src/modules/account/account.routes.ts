import {
  AppError,
  CLIENT_CODE_PROOF_REQUIRED,
  clientCodeProofGiven,
  emailSchema,
  FEATURES,
  passwordSchema,
  profileUpdateSchema,
  signinSchema,
  signupSchema,
  validationMessage,
} from '@ov/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_SPACE } from '../../db/seed';
import { requestLanguage } from '../../lib/language';
import { principalOf } from '../../plugins/access';
import type { SettingsStore } from '../settings';
import { meDtoSchema } from '../users';
import type { AccountService } from './account.service';
import { accountMessage } from './messages';
import type { ProfileService } from './profile.service';

const messageSchema = z.object({ message: z.string() });
const tokenBody = z.object({ token: z.string().trim().min(1).max(200) });
const tokensSchema = z.object({ accessToken: z.string(), refreshToken: z.string(), space: z.string() });

/** Client type and code are checked by the service, to answer the catalogue's 356 / 357. */
const signupBody = z
  .object({
    ...signupSchema.shape,
    clientType: z.string().trim().min(1, 'Requerido').max(40),
    clientCode: z.string().trim().max(64).optional(),
  })
  .refine((b) => b.password === b.confirmPassword, {
    error: validationMessage('passwordsMismatch'),
    path: ['confirmPassword'],
  })
  .refine(clientCodeProofGiven, CLIENT_CODE_PROOF_REQUIRED);

export const accountRoutes: FastifyPluginAsyncZod<{
  account: AccountService;
  profile: ProfileService;
  /** Whether sign-up is open (read at each request). */
  settings: SettingsStore;
}> = async (app, { account, profile, settings }) => {
  const tags = ['account'];

  if (FEATURES.signup) {
    app.post(
      '/api/signup',
      {
        config: { access: 'public' },
        // An administrator may close sign-up (settings): it applies at once, before the form is read.
        preValidation: async () => {
          if (!(await settings.get(DEFAULT_SPACE)).signupEnabled) throw new AppError('BADREQUESTERROR', 477);
        },
        schema: {
          tags,
          summary:
            'Create a customer account (UNVERIFIED until the e-mailed link is followed; 477 when closed)',
          body: signupBody,
          response: { 201: messageSchema },
        },
      },
      async (req, reply) => {
        const lang = requestLanguage(req);
        const { userId } = await account.signup(req.body, lang, req.ip);
        req.log.info({ userId }, 'signed up');
        return reply.code(201).send({ message: accountMessage('signedUp', lang) });
      },
    );
  }

  app.post(
    '/api/signup/verify',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Follow the verification link (associates the client code proven at sign-up, or says it could not)',
        body: tokenBody,
        response: {
          200: messageSchema.extend({
            clientCode: z.object({ cc: z.string(), associated: z.boolean() }).nullable().optional(),
          }),
        },
      },
    },
    async (req) => {
      const { userId, clientCode } = await account.verifySignup(req.body.token);
      req.log.info({ userId }, 'account verified');
      const lang = requestLanguage(req);
      // The code given at sign-up: associated now, or said plainly that it was not.
      const code = clientCode
        ? ` ${accountMessage(clientCode.associated ? 'codeAssociated' : 'codeNotAssociated', lang).replace('{cc}', clientCode.cc)}`
        : '';
      return { message: `${accountMessage('verified', lang)}${code}`, clientCode };
    },
  );

  app.post(
    '/api/signup/resend',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Send the verification link again (same answer whether the account exists or not)',
        body: z.object({ email: emailSchema }),
        response: { 200: messageSchema },
      },
    },
    async (req) => {
      await account.resendVerification(req.body.email, req.ip);
      return { message: accountMessage('resent', requestLanguage(req)) };
    },
  );

  app.post(
    '/api/password/forgot',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'E-mail a password reset link (same answer whether the account exists or not)',
        body: z.object({ email: emailSchema, devices: signinSchema.shape.devices }),
        response: { 200: messageSchema },
      },
    },
    async (req) => {
      await account.forgotPassword(req.body.email, req.ip, req.body.devices);
      return { message: accountMessage('forgot', requestLanguage(req)) };
    },
  );

  app.post(
    '/api/password/reset',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Set a new password with the e-mailed link; every session of the user ends',
        body: tokenBody.extend({ password: passwordSchema }),
        response: { 200: messageSchema },
      },
    },
    async (req) => {
      const { userId } = await account.resetPassword(req.body.token, req.body.password);
      req.log.info({ userId }, 'password reset');
      return { message: accountMessage('passwordReset', requestLanguage(req)) };
    },
  );

  app.post(
    '/api/users/me/password',
    {
      config: { access: 'authenticated', duringPasswordChange: true },
      schema: {
        tags,
        summary: 'Change the own password; other sessions end and this one gets a new token pair',
        body: z.object({ currentPassword: z.string().min(1).max(200), password: passwordSchema }),
        response: { 200: tokensSchema },
      },
    },
    async (req) => {
      const principal = principalOf(req);
      const tokens = await profile.changePassword(principal, req.body.currentPassword, req.body.password);
      req.log.info({ userId: principal.userId }, 'password changed');
      return tokens;
    },
  );

  app.patch(
    '/api/users/me',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Save the own profile (spec §5); a new e-mail applies once confirmed from that address',
        body: profileUpdateSchema,
        response: { 200: meDtoSchema },
      },
    },
    async (req) => profile.update(principalOf(req), req.body, requestLanguage(req)),
  );

  const preferences = z.object({ invoiceApp: z.boolean(), invoiceEmail: z.boolean() });
  app.get(
    '/api/users/me/notification-preferences',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          'Whether a new invoice of the own codes is told in the app (on by default) and by e-mail (off until said yes)',
        response: { 200: preferences },
      },
    },
    async (req) => profile.notificationPreferences(principalOf(req)),
  );

  app.patch(
    '/api/users/me/notification-preferences',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Change either invoice notice preference (traced)',
        body: preferences.partial().strict(),
        response: { 200: preferences },
      },
    },
    async (req) => profile.setNotificationPreferences(principalOf(req), req.body),
  );

  app.post(
    '/api/users/me/email/verify',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Confirm a new e-mail address with the link sent to it',
        body: tokenBody,
        response: { 200: messageSchema },
      },
    },
    async (req) => {
      const { userId } = await profile.verifyEmail(req.body.token);
      req.log.info({ userId }, 'e-mail changed');
      return { message: accountMessage('emailChanged', requestLanguage(req)) };
    },
  );
};
