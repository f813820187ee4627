import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { enqueueMail } from './outbox';
import { renderMail } from './templates';
import { createMailboxTransport, createSmtpTransport } from './transport';
import { MAX_ATTEMPTS } from './worker';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(mailOutbox);
});

const mailbox = async (to?: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/dev/mailbox${to ? `?to=${encodeURIComponent(to)}` : ''}` })
  ).json();

const sample = (to: string, subject = 'Prueba') => ({
  to,
  subject,
  text: 'Hola',
  html: '<p>Hola</p>',
  kind: 'test',
});

/** An SMTP server in this process; `fail` makes it refuse every message. */
async function smtpServer(fail = false) {
  const received: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (fail) {
          const err = new Error('mailbox unavailable') as Error & { responseCode: number };
          err.responseCode = 451;
          return callback(err);
        }
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('mail templates', () => {
  it('renders the utility header, Spanish or English, and escapes variables in the HTML', () => {
    const es = renderMail('verify-signup', 'es', { name: '<b>Ana</b>', link: 'https://x.cu/v?token=a&b=1' });
    expect(es.subject).toMatch(/Verifique/);
    expect(es.text).toContain('Aguas de La Habana — Oficina Virtual');
    // Sign-up goes to an address nobody has proven: the name typed is not repeated there.
    expect(es.text).toContain('Hola:');
    expect(es.text).not.toContain('Ana');
    expect(es.text).toContain('https://x.cu/v?token=a&b=1');
    expect(es.html).toContain('Aguas de La Habana — Oficina Virtual');
    expect(es.html).not.toContain('Ana');
    expect(es.html).toContain('href="https://x.cu/v?token=a&amp;b=1"');
    const en = renderMail('password-reset', 'en', { name: 'Ana', link: 'https://x.cu/r' });
    expect(en.subject).toBe('Password recovery');
    expect(en.text).toContain('Hello Ana,');
    const escaped = renderMail('password-reset', 'es', { name: '<b>Ana</b>', link: 'https://x.cu/r' });
    expect(escaped.html).toContain('&lt;b&gt;Ana&lt;/b&gt;');
    expect(escaped.html).not.toContain('<b>Ana</b>');
  });

  it('refuses an unknown template or a missing variable', () => {
    expect(() => renderMail('nope', 'es', {})).toThrow(/Unknown mail template/);
    expect(() => renderMail('verify-signup', 'es', { name: 'x' })).toThrow(/link/);
  });
});

describe('outbox and development mailbox', () => {
  it('queues inside the caller transaction: a rolled-back change sends nothing', async () => {
    await t.database.db
      .transaction(async (tx) => {
        await enqueueMail(tx, sample('rollback@example.cu'));
        throw new Error('abort');
      })
      .catch(() => undefined);
    await t.database.db.transaction((tx) => enqueueMail(tx, sample('commit@example.cu')));
    const list = await mailbox();
    expect(list.map((m: { to: string }) => m.to)).toEqual(['commit@example.cu']);
  });

  it('lists newest first, filters by recipient (any case) and marks mails sent after a drain', async () => {
    await enqueueMail(t.database.db, sample('a@example.cu', 'first'));
    await enqueueMail(t.database.db, sample('b@example.cu', 'second'));
    await enqueueMail(t.database.db, sample('A@example.cu', 'third'));
    const all = await mailbox();
    expect(all.map((m: { subject: string }) => m.subject)).toEqual(['third', 'second', 'first']);
    expect(all[0]).toMatchObject({
      to: 'A@example.cu',
      text: 'Hola',
      html: '<p>Hola</p>',
      status: 'PENDING',
    });
    expect(Date.parse(all[0].createdAt)).not.toBeNaN();
    expect((await mailbox('a@EXAMPLE.cu')).map((m: { subject: string }) => m.subject)).toEqual([
      'third',
      'first',
    ]);

    const result = await t.container.mail.drainOnce({ transport: createMailboxTransport() });
    expect(result).toEqual({ sent: 3, retried: 0, failed: 0 });
    expect((await mailbox()).every((m: { status: string }) => m.status === 'SENT')).toBe(true);
    expect((await t.container.mail.drainOnce({ transport: createMailboxTransport() })).sent).toBe(0);
  });
});

describe('SMTP delivery', () => {
  it('delivers through a real SMTP server with recipient, subject and body', async () => {
    const smtp = await smtpServer();
    const transport = createSmtpTransport(smtp.url, 'Oficina Virtual <no-reply@example.cu>');
    try {
      await enqueueMail(t.database.db, {
        to: 'cliente@example.cu',
        subject: 'Factura lista',
        text: 'Su factura de agua esta lista.',
        html: '<p>Su factura de agua esta lista.</p>',
      });
      expect(await t.container.mail.drainOnce({ transport })).toMatchObject({ sent: 1 });
      expect(smtp.received).toHaveLength(1);
      const [msg] = smtp.received;
      expect(msg.to).toEqual(['cliente@example.cu']);
      expect(msg.raw).toMatch(/^To: cliente@example\.cu/m);
      expect(msg.raw).toMatch(/^Subject: Factura lista/m);
      expect(msg.raw).toContain('Su factura de agua esta lista.');
      expect(msg.raw).toContain('<p>Su factura de agua esta lista.</p>');
      const [row] = await t.database.db.select().from(mailOutbox);
      expect(row.status).toBe('SENT');
      expect(row.sentAt).not.toBeNull();
    } finally {
      transport.close();
      await smtp.close();
    }
  });

  it('schedules a retry with back-off when the server refuses, and gives up after the last attempt', async () => {
    const smtp = await smtpServer(true);
    const transport = createSmtpTransport(smtp.url, 'no-reply@example.cu');
    try {
      await enqueueMail(t.database.db, sample('cliente@example.cu'));
      const before = Date.now();
      expect(await t.container.mail.drainOnce({ transport })).toMatchObject({ retried: 1 });
      let [row] = await t.database.db.select().from(mailOutbox);
      expect(row).toMatchObject({ status: 'PENDING', attempts: 1 });
      expect(row.lastError).toMatch(/451|unavailable/);
      const wait = row.nextAttemptAt.getTime() - before;
      expect(wait).toBeGreaterThanOrEqual(55_000); // first back-off: one minute
      expect(wait).toBeLessThan(5 * 60_000);
      // not due yet: a second pass leaves it alone
      expect(await t.container.mail.drainOnce({ transport })).toEqual({
        sent: 0,
        retried: 0,
        failed: 0,
      });

      await t.database.db
        .update(mailOutbox)
        .set({ attempts: MAX_ATTEMPTS - 1, nextAttemptAt: sql`now() - interval '1 second'` })
        .where(eq(mailOutbox.id, row.id));
      expect(await t.container.mail.drainOnce({ transport })).toMatchObject({ failed: 1 });
      [row] = await t.database.db.select().from(mailOutbox);
      expect(row).toMatchObject({ status: 'FAILED', attempts: MAX_ATTEMPTS });
    } finally {
      transport.close();
      await smtp.close();
    }
  });
});

describe('mailbox availability', () => {
  it('does not exist when SMTP is configured', async () => {
    const other = await createTestApp({ demo: false, env: { SMTP_URL: 'smtp://127.0.0.1:2525' } });
    try {
      expect((await other.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});

describe('worker started by the app', () => {
  it('drains the outbox on its own outside tests (development mailbox transport)', async () => {
    const dev = await createTestApp({ demo: false, env: { NODE_ENV: 'development', MAIL_POLL_MS: '100' } });
    try {
      await enqueueMail(dev.database.db, sample('worker@example.cu'));
      await vi.waitFor(
        async () => {
          const [row] = await dev.database.db.select().from(mailOutbox);
          expect(row.status).toBe('SENT');
        },
        { timeout: 10_000, interval: 100 },
      );
    } finally {
      await dev.close();
    }
  });
});
