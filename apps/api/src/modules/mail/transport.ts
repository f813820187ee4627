import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where the worker hands mails over. Throwing means "try again later". */
export interface MailTransport {
  readonly name: string;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** SMTP through nodemailer; `SMTP_URL` like smtp://user:pass@host:587 or smtps://… */
export function createSmtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async send(m) {
      await transporter.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html });
    },
    close: () => transporter.close(),
  };
}

/**
 * Without SMTP (development): nothing leaves the machine; the mail stays readable in the outbox
 * through `GET /api/dev/mailbox`, and the worker marks it sent.
 */
export function createMailboxTransport(log?: (msg: string, meta: object) => void): MailTransport {
  return {
    name: 'mailbox',
    async send(m) {
      log?.('mail kept in the development mailbox', { to: m.to, subject: m.subject });
    },
    close() {},
  };
}
