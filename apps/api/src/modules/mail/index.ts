/** The mail module's door: what app.ts, the container and other modules use. */
export { keepOwnLinks } from './links';
export { mailRoutes } from './mail.routes';
export { enqueueMail, pendingMail } from './outbox';
export { type MailTemplateName, renderMail } from './templates';
export { createMailboxTransport, createSmtpTransport, type MailTransport } from './transport';
export { drainOutboxOnce } from './worker';
