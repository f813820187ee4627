import { describe, expect, it } from 'vitest';
import { startBanner } from './start-banner.mjs';

const start = (env = {}) =>
  startBanner({ env, publicUrl: 'http://localhost:3000', sandboxUrl: 'http://127.0.0.1:3100', seconds: 42 });

describe("npm start's banner", () => {
  it('says where the portal is, who to sign in as, where mail goes and how to see more logs', () => {
    const banner = start();
    expect(banner).toContain('Oficina Virtual en http://localhost:3000/oficina_virtual\n');
    expect(banner).toContain('README.md, section "Demo accounts"');
    expect(banner).toContain('admin@aguasdelahabana.cu / Admin.Oficina.2026');
    expect(banner).toContain('http://localhost:3000/api/dev/mailbox');
    expect(banner).toContain('http://localhost:3000/api/docs');
    expect(banner).toContain('the sandbox at http://127.0.0.1:3100');
    expect(banner).toContain('PGlite in .data/');
    expect(banner).toContain('LOG_LEVEL=debug shows each request');
    expect(banner).toContain('Ready in 42 s');
  });

  it('is a few lines of text, not log records', () => {
    const lines = start().trim().split('\n');
    expect(lines.length).toBeLessThanOrEqual(10);
    expect(lines.some((line) => line.trim().startsWith('{'))).toBe(false);
  });

  it('never prints a password or a secret the environment set', () => {
    const banner = start({
      ADMIN_EMAIL: 'jefe@example.cu',
      ADMIN_PASSWORD: 'S3creto.Propio.2026',
      SMTP_URL: 'smtp://mailer:smtp-secret@mail.example.cu:587',
      DATABASE_URL: 'postgres://ov:db-secret@db:5432/oficina',
    });
    expect(banner).toContain('jefe@example.cu / (ADMIN_PASSWORD)');
    expect(banner).not.toMatch(/S3creto|smtp-secret|db-secret/);
    expect(banner).toContain('sent through SMTP_URL (smtp://mailer:***@mail.example.cu:587)');
    expect(banner).toContain('PostgreSQL (postgres://ov:***@db:5432/oficina)');
    expect(banner).not.toContain('/api/dev/mailbox');
  });

  it('names the log file, or the console showing every request', () => {
    expect(start({ LOG_FILE: '/var/log/ov.jsonl' })).toContain('one per request, in /var/log/ov.jsonl');
    expect(start({ LOG_LEVEL: 'debug' })).toContain('every request on this console');
  });

  it('without demo data, names the administrator only', () => {
    const banner = start({ DEMO_DATA: 'false' });
    expect(banner).not.toContain('Demo accounts');
    expect(banner).toContain('Administrator: admin@aguasdelahabana.cu');
  });
});
