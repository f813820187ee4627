// What `npm start` prints once the portal answers (scripts/start.mjs): where it is, who to sign in
// as, where mail goes, and how to see more logs. Built from the environment the start was given.

const DEFAULT_ADMIN = { email: 'admin@aguasdelahabana.cu', password: 'Admin.Oficina.2026' };

/**
 * The start's closing lines.
 * @param {{ env: Record<string, string | undefined>, publicUrl: string, sandboxUrl?: string | null, seconds: number }} start
 * @returns {string}
 */
export function startBanner({ env, publicUrl, sandboxUrl, seconds }) {
  const portal = `${publicUrl}/oficina_virtual`;
  const adminEmail = env.ADMIN_EMAIL || DEFAULT_ADMIN.email;
  // The default password is in the README already; one the environment set is never printed.
  const adminPassword = env.ADMIN_PASSWORD ? '(ADMIN_PASSWORD)' : DEFAULT_ADMIN.password;
  const demo = !['false', '0', 'no'].includes(String(env.DEMO_DATA ?? 'true').toLowerCase());
  const database = env.DATABASE_URL
    ? `PostgreSQL (${redactedUrl(env.DATABASE_URL)})`
    : `PGlite in ${env.DATA_DIR || '.data'}/ (delete the folder to start again from the demo data)`;
  const logs = env.LOG_FILE
    ? `JSON lines, one per request, in ${env.LOG_FILE}`
    : ['debug', 'trace'].includes(env.LOG_LEVEL ?? '')
      ? 'every request on this console (LOG_LEVEL=debug)'
      : `${env.LOG_LEVEL || 'warn'} and above here; LOG_LEVEL=debug shows each request, LOG_FILE=path writes them to a file`;
  const lines = [
    `Oficina Virtual en ${portal}`,
    demo
      ? `Demo accounts: README.md, section "Demo accounts" (administrator ${adminEmail} / ${adminPassword})`
      : `Administrator: ${adminEmail} / ${adminPassword} (no demo data: DEMO_DATA=false)`,
    env.SMTP_URL
      ? `E-mail: sent through SMTP_URL (${redactedUrl(env.SMTP_URL)})`
      : `E-mail: not sent; every message (verification, recovery, receipts) is in ${publicUrl}/api/dev/mailbox`,
    `API: ${publicUrl}/api/docs${sandboxUrl ? ` · payment gateways: the sandbox at ${sandboxUrl}` : ''}`,
    `Database: ${database}`,
    `Logs: ${logs}`,
  ];
  return `\n${lines.map((line) => `  ${line}`).join('\n')}\n\nReady in ${seconds} s. Ctrl+C stops it.\n`;
}

/** A connection string without its password. */
function redactedUrl(value) {
  try {
    const url = new URL(value);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(set)';
  }
}
