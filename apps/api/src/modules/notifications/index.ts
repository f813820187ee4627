/** The notifications module's door: what app.ts, the container and other modules use. */
export { mailMessage } from './notifications.mail';
export { notificationsRoutes } from './notifications.routes';
export { createNotification, signalSoon } from './notifications.service';
