/** The mail module's door: what app.ts, the container and other modules use. */
export { keepOwnLinks, linksIn } from './links';
export { createMailRepository, type MailRepository } from './mail.repository';
export { mailRoutes } from './mail.routes';
export { createMailService, type MailService } from './mail.service';
export { enqueueMail, listMailbox, type MailboxEntry, type OutgoingMail, pendingMail } from './outbox';
export { type MailTemplateName, renderMail } from './templates';
export { createMailboxTransport, createSmtpTransport, type MailTransport } from './transport';
