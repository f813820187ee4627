/** The notifications module's door: what app.ts, the container and other modules use. */
export { createNotificationChannel } from './notifications.channel.repository';
export { createNotificationHub, type NotificationHub } from './notifications.hub';
export { mailMessage } from './notifications.mail';
export {
  createNotificationsRepository,
  type NotificationsRepository,
  signalSoon,
} from './notifications.repository';
export { notificationsRoutes } from './notifications.routes';
export {
  createNotification,
  createNotificationsService,
  type NewNotification,
  type NotificationsService,
} from './notifications.service';
export { createNotificationStreams, type NotificationStreams } from './notifications.stream';
