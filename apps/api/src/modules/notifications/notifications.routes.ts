import { emailMessageSchema, PERMISSIONS, searchQuerySchema } from '@ov/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPage } from '../../lib/search';
import { principalOf } from '../../plugins/access';
import type { NotificationsService } from './notifications.service';
import { eventStream } from './notifications.sse';
import type { NotificationStreams } from './notifications.stream';

const tags = ['notifications'];
const notificationDto = z.object({
  _id: z.string(),
  id: z.string(),
  type: z.string(),
  owner: z.string(),
  payload: z.record(z.string(), z.unknown()),
  event: z.string().nullable(),
  params: z.record(z.string(), z.unknown()).nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});

/** The caller's notifications, the live stream (SSE) and staff e-mail. */
export const notificationsRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationsService;
  streams: NotificationStreams;
}> = async (app, { notifications: service, streams }) => {
  // An open stream would hold the closing server: each ends first.
  app.addHook('preClose', async () => streams.endAll());

  app.post(
    '/api/notifications/search',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The caller’s notifications, newest first (filters: read, type, createdAt)',
        body: searchQuerySchema,
        response: { 200: z.array(notificationDto) },
      },
    },
    async (req, reply) => sendPage(reply, await service.search(principalOf(req), req.body)),
  );

  app.get(
    '/api/notifications/unread-count',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'How many are unread', response: { 200: z.object({ count: z.number() }) } },
    },
    async (req) => ({ count: await service.unreadCount(principalOf(req).userId) }),
  );

  app.post(
    '/api/notifications/:id/read',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Mark one of one’s own notifications read',
        params: z.object({ id: z.uuid() }),
        response: { 200: notificationDto },
      },
    },
    async (req) => service.markRead(principalOf(req), req.params.id),
  );

  app.post(
    '/api/notifications/read-all',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Mark all read', response: { 200: z.object({ updated: z.number() }) } },
    },
    async (req) => service.markAllRead(principalOf(req)),
  );

  app.post(
    '/api/notifications/email',
    {
      config: { access: { anyOf: [PERMISSIONS.NOTIFICATION_NOTIFY, PERMISSIONS.USER_NOTIFY] } },
      schema: {
        tags,
        summary: 'E-mail chosen users ({_id}) and typed addresses ({email}); never oneself (464)',
        body: emailMessageSchema,
        response: { 200: z.object({ queued: z.number() }) },
      },
    },
    async (req) => service.email(principalOf(req), req.body),
  );

  /**
   * Server-Sent Events. EventSource cannot send headers, so this one route takes the access token
   * in the query (`access_token`) and checks it itself with the same signer and the same per-request
   * principal load as every other route (hence `public` in the route table). Its access log is off so
   * the token never reaches the logs. Events: `count` {count} on connect and on every change,
   * `notification` with the new row; a comment line every 25 s keeps proxies from closing it.
   */
  app.get(
    '/api/notifications/stream',
    {
      config: { access: 'public' },
      logLevel: 'warn',
      schema: {
        tags,
        summary: 'Live notifications (text/event-stream); token in ?access_token=',
        querystring: z.object({ access_token: z.string().min(1).max(4096) }),
      },
    },
    async (req, reply) => streams.connect(req.query.access_token, eventStream(req, reply), req.log),
  );
};
