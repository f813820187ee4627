import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { BadInput, type Invoice, type Ledger, NotFound, Refusal } from './ledger';

/**
 * The office cashier (server-rendered, no scripts, Spanish first with English beside it): find a
 * client code, record a payment at the counter for one of its invoices, issue the next period's
 * invoice, put an invoice under a payment agreement. Each action writes change events
 * (PAYMENT_RECORDED, INVOICE_ISSUED, INVOICE_CHANGED) that the portal reads from `/v1/changes`.
 */

export function esc(value: unknown): string {
  return String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

export function money(cents: number): string {
  const whole = Math.trunc(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${whole}.${String(cents % 100).padStart(2, '0')} CUP`;
}

/** "123", "123.4", "123,45" (pesos) → cents; null when it is not an amount. */
export function parsePesos(raw: string): number | null {
  const m = /^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$/.exec(raw);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

const STATUS_LABEL: Record<Invoice['status'], string> = {
  OPEN: 'Pendiente <span lang="en">(open)</span>',
  PARTIAL: 'Pago parcial <span lang="en">(partial)</span>',
  PAID: 'Pagada <span lang="en">(paid)</span>',
  AGREED: 'Conveniada <span lang="en">(agreed)</span>',
};

const OK_MESSAGES: Record<string, string> = {
  payment: 'Pago registrado. <span lang="en">Payment recorded.</span>',
  invoice: 'Factura emitida. <span lang="en">Invoice issued.</span>',
  agreement: 'Factura puesta en convenio. <span lang="en">Invoice put under an agreement.</span>',
};

const PAGE_CSP =
  "default-src 'none'; style-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const CSS = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#17202a;line-height:1.5}
a{color:#0a4da3}
.skip{position:absolute;left:-999px;top:0;background:#fff;padding:8px 12px;z-index:2}
.skip:focus{left:8px}
header{background:#0b3d6e;color:#fff;padding:12px 20px}
header p{margin:0;font-size:.9rem}
main{max-width:960px;margin:0 auto;padding:16px 20px 40px}
h1{font-size:1.6rem;margin:8px 0 4px}
h2{font-size:1.25rem;margin:28px 0 8px;border-bottom:2px solid #d5dae1;padding-bottom:4px}
.en{color:#3d4a57;font-weight:400;font-size:.9em}
button .en{color:inherit}
section,form.find{background:#fff;border:1px solid #d5dae1;border-radius:8px;padding:12px 16px;margin:12px 0}
label{display:block;font-weight:600;margin:8px 0 4px}
input,select{font:inherit;padding:8px 10px;border:1px solid #5b6875;border-radius:6px;min-width:16rem;color:#17202a;background:#fff}
button{font:inherit;font-weight:600;padding:9px 16px;border-radius:6px;border:0;background:#0a4da3;color:#fff;cursor:pointer;margin-top:10px}
button.secondary{background:#3d4a57}
:focus-visible{outline:3px solid #e8a200;outline-offset:2px}
table{border-collapse:collapse;width:100%;font-size:.95rem}
caption{text-align:left;font-weight:600;padding:4px 0}
th,td{border-bottom:1px solid #d5dae1;padding:6px 8px;text-align:left}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0}
dt{font-weight:600}
dd{margin:0}
.status{padding:10px 14px;border-radius:6px;margin:12px 0;border:2px solid}
.status.ok{background:#e6f4ea;border-color:#1e7b34}
.status.bad{background:#fdecea;border-color:#b3261e}
.hint{color:#3d4a57;font-size:.9rem;margin:4px 0}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · Sistema comercial de referencia</title>
<link rel="stylesheet" href="/oficina/assets/oficina.css">
</head>
<body>
<a class="skip" href="#main">Saltar al contenido <span lang="en">(skip to content)</span></a>
<header><p><strong>Sistema comercial de referencia</strong> · <span lang="en">Reference commercial system</span> — entorno de pruebas, sin dinero real <span lang="en">(test environment, no real money)</span></p></header>
<main id="main" tabindex="-1">
${body}
</main>
</body>
</html>`;
}

function en(text: string) {
  return ` <span class="en" lang="en">${text}</span>`;
}

async function render(
  ledger: Ledger,
  q: { cc?: string; ok?: string; err?: string },
): Promise<{ status: number; html: string }> {
  const cc = (q.cc ?? '').trim();
  const parts: string[] = [`<h1>Caja de la oficina comercial${en('Office cashier')}</h1>`];
  if (q.ok && OK_MESSAGES[q.ok])
    parts.push(`<div class="status ok" role="status" tabindex="-1" id="message">${OK_MESSAGES[q.ok]}</div>`);
  if (q.err)
    parts.push(`<div class="status bad" role="alert" tabindex="-1" id="message">${esc(q.err)}</div>`);
  parts.push(`<form class="find" method="get" action="/oficina" role="search">
<label for="find-cc">Código de cliente${en('Client code')}</label>
<input id="find-cc" name="cc" inputmode="numeric" autocomplete="off" required value="${esc(cc)}">
<button type="submit">Buscar${en('Find')}</button>
</form>`);
  if (!cc) return { status: 200, html: layout('Caja', parts.join('\n')) };
  const account = await ledger.getAccount(cc);
  if (!account) {
    parts.push(
      `<div class="status bad" role="alert">No existe la cuenta ${esc(cc)}.${en(`No account ${esc(cc)}.`)}</div>`,
    );
    return { status: 404, html: layout('Cuenta no encontrada', parts.join('\n')) };
  }
  const page = (await ledger.listInvoices(cc, { status: 'all', page: 1, size: 100 }))!;
  const open = page.rows.filter((i) => i.status === 'OPEN' || i.status === 'PARTIAL');
  const postings = await ledger.postings({ cc });
  const latest = page.rows[0]?.invoiceNumber ?? '';
  const options = open
    .map(
      (i) =>
        `<option value="${esc(i.invoiceNumber)}">${esc(i.invoiceNumber)} — ${money(i.dueCents)}</option>`,
    )
    .join('');
  parts.push(`<h2 id="account">Cuenta ${esc(account.cc)}${en('Account')}</h2>
<section aria-labelledby="account">
<dl>
<dt>Titular${en('Holder')}</dt><dd>${esc(account.holderName)}</dd>
<dt>Dirección${en('Address')}</dt><dd>${esc(account.address)}</dd>
<dt>Estado${en('Status')}</dt><dd>${account.active ? 'Activa <span lang="en">(active)</span>' : 'Inactiva: no admite pagos <span lang="en">(inactive: takes no payments)</span>'}</dd>
<dt>Deuda${en('Debt')}</dt><dd>${money(account.debtCents)} (${account.openInvoiceCount} ${account.openInvoiceCount === 1 ? 'factura' : 'facturas'})</dd>
<dt>Saldo de adelanto${en('Advance balance')}</dt><dd>${money(account.advanceBalanceCents)}</dd>
</dl>
</section>
<h2 id="invoices">Facturas${en('Invoices')}</h2>
<section aria-labelledby="invoices">
<table>
<caption>Facturas de la cuenta ${esc(account.cc)}, la más reciente primero${en('newest first')}</caption>
<thead><tr><th scope="col">Número${en('Number')}</th><th scope="col">Período${en('Period')}</th><th scope="col" class="num">Importe${en('Amount')}</th><th scope="col" class="num">Pagado${en('Paid')}</th><th scope="col" class="num">Pendiente${en('Due')}</th><th scope="col">Estado${en('Status')}</th></tr></thead>
<tbody>
${page.rows
  .map(
    (i) =>
      `<tr><th scope="row">${esc(i.invoiceNumber)}</th><td>${esc(i.periodFrom)} – ${esc(i.periodTo)}</td><td class="num">${money(i.amountCents)}</td><td class="num">${money(i.paidCents)}</td><td class="num">${money(i.dueCents)}</td><td>${STATUS_LABEL[i.status]}</td></tr>`,
  )
  .join('\n')}
</tbody>
</table>
</section>
<h2 id="pay">Registrar un pago en caja${en('Record a payment at the counter')}</h2>
<section aria-labelledby="pay">
${
  !account.active
    ? `<p>La cuenta está inactiva: no admite pagos.${en('The account is inactive: it takes no payments.')}</p>`
    : open.length
      ? `<form method="post" action="/oficina/pago">
<input type="hidden" name="cc" value="${esc(account.cc)}">
<input type="hidden" name="key" value="${randomUUID()}">
<label for="pay-invoice">Factura${en('Invoice')}</label>
<select id="pay-invoice" name="invoiceNumber" required>${options}</select>
<label for="pay-amount">Importe en pesos${en('Amount in pesos')}</label>
<input id="pay-amount" name="amount" inputmode="decimal" autocomplete="off" aria-describedby="pay-amount-hint">
<p class="hint" id="pay-amount-hint">Vacío: todo lo pendiente de la factura. Menos: pago parcial.${en('Empty: all that is due. Less: a partial payment.')}</p>
<button type="submit">Registrar pago${en('Record payment')}</button>
</form>`
      : `<p>No hay facturas pendientes.${en('No invoice is due.')}</p>`
}
</section>
<h2 id="issue">Emitir la factura del próximo período${en("Issue the next period's invoice")}</h2>
<section aria-labelledby="issue">
<form method="post" action="/oficina/factura">
<input type="hidden" name="cc" value="${esc(account.cc)}">
<input type="hidden" name="latest" value="${esc(latest)}">
<label for="issue-amount">Importe en pesos (opcional)${en('Amount in pesos (optional)')}</label>
<input id="issue-amount" name="amount" inputmode="decimal" autocomplete="off" aria-describedby="issue-amount-hint">
<p class="hint" id="issue-amount-hint">Vacío: según la tarifa.${en('Empty: by the tariff.')}</p>
<button type="submit">Emitir factura${en('Issue invoice')}</button>
</form>
</section>
${
  open.length
    ? `<h2 id="agree">Convenio de pago${en('Payment agreement')}</h2>
<section aria-labelledby="agree">
<form method="post" action="/oficina/convenio">
<input type="hidden" name="cc" value="${esc(account.cc)}">
<label for="agree-invoice">Factura${en('Invoice')}</label>
<select id="agree-invoice" name="invoiceNumber" required>${options}</select>
<button type="submit" class="secondary">Poner en convenio${en('Put under an agreement')}</button>
</form>
</section>`
    : ''
}
<h2 id="postings">Pagos aplicados${en('Postings applied')}</h2>
<section aria-labelledby="postings">
${
  postings.length
    ? `<table>
<caption>Pagos de la cuenta, el más reciente primero${en('newest first')}</caption>
<thead><tr><th scope="col">Origen${en('Source')}</th><th scope="col">Método${en('Method')}</th><th scope="col">Facturas${en('Invoices')}</th><th scope="col" class="num">Importe${en('Amount')}</th><th scope="col">Fecha${en('Date')} (UTC)</th></tr></thead>
<tbody>
${postings
  .map(
    (p) =>
      `<tr><td>${p.source === 'OFFICE' ? 'Caja' : 'Portal'}</td><td>${esc(p.method)}</td><td>${esc(p.invoices.join(', ') || p.type)}</td><td class="num">${money(p.amountCents + p.bonusCents)}</td><td>${esc(p.paidAt.slice(0, 16).replace('T', ' '))}</td></tr>`,
  )
  .join('\n')}
</tbody>
</table>`
    : `<p>Ningún pago aplicado todavía.${en('No posting yet.')}</p>`
}
</section>`);
  return { status: 200, html: layout(`Cuenta ${account.cc}`, parts.join('\n')) };
}

export function registerCashier(app: FastifyInstance, ledger: Ledger) {
  const html = (reply: FastifyReply, out: { status: number; html: string }) =>
    reply
      .code(out.status)
      .header('content-security-policy', PAGE_CSP)
      .header('x-content-type-options', 'nosniff')
      .type('text/html; charset=utf-8')
      .send(out.html);
  const back = (reply: FastifyReply, cc: string, q: { ok?: string; err?: string }) => {
    const params = new URLSearchParams({ cc, ...q });
    return reply.redirect(`/oficina?${params}#message`, 303);
  };
  const failure = (err: unknown): string => {
    if (err instanceof Refusal) {
      const text: Record<string, string> = {
        ALREADY_PAID: 'La factura ya está pagada. (Already paid.)',
        AMOUNT_MISMATCH: 'El importe es mayor que lo pendiente. (The amount is more than what is due.)',
        AGREED: 'La factura está en convenio. (The invoice is under an agreement.)',
        UNKNOWN_INVOICE: 'La factura no es de esta cuenta. (Not an invoice of this account.)',
        ACCOUNT_INACTIVE: 'La cuenta está inactiva. (The account is inactive.)',
      };
      return text[err.reason];
    }
    if (err instanceof NotFound || err instanceof BadInput) return err.message;
    throw err;
  };

  app.get('/oficina/assets/oficina.css', async (_req, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=300').send(CSS),
  );
  app.get('/oficina', async (req, reply) =>
    html(reply, await render(ledger, req.query as { cc?: string; ok?: string; err?: string })),
  );

  app.post('/oficina/pago', async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, string>;
    const cc = String(b.cc ?? '');
    const invoice = cc ? await ledger.getInvoice(cc, String(b.invoiceNumber ?? '')) : null;
    if (!invoice) return back(reply, cc, { err: 'Elija una factura de la cuenta. (Choose an invoice.)' });
    const amountCents = b.amount?.trim() ? parsePesos(b.amount) : invoice.dueCents;
    if (!amountCents)
      return back(reply, cc, {
        err: 'Escriba un importe en pesos, p. ej. 125.50. (Write an amount in pesos.)',
      });
    const key = /^[\w-]{8,100}$/.test(b.key ?? '') ? b.key : randomUUID();
    try {
      await ledger.postPayment(
        key,
        {
          paymentId: key,
          cc,
          type: 'CC',
          method: 'OFICINA_COMERCIAL',
          gatewayReference: 'CAJA',
          paidAt: new Date().toISOString(),
          amountCents,
          bonusCents: 0,
          invoices: [{ invoiceNumber: invoice.invoiceNumber, amountCents }],
        },
        'OFFICE',
      );
      return back(reply, cc, { ok: 'payment' });
    } catch (err) {
      return back(reply, cc, { err: failure(err) });
    }
  });

  app.post('/oficina/factura', async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, string>;
    const cc = String(b.cc ?? '');
    const amountCents = b.amount?.trim() ? parsePesos(b.amount) : undefined;
    if (amountCents === null || amountCents === 0)
      return back(reply, cc, {
        err: 'Escriba un importe en pesos, p. ej. 125.50. (Write an amount in pesos.)',
      });
    // The form names the latest invoice it showed: a second submit of the same form issues nothing.
    const latest =
      (await ledger.listInvoices(cc, { status: 'all', page: 1, size: 1 }))?.rows[0]?.invoiceNumber ?? '';
    if (b.latest !== undefined && b.latest !== latest)
      return back(reply, cc, {
        err: 'Ya se emitió una factura desde este formulario; revise la lista. (Already issued from this form.)',
      });
    try {
      await ledger.issueNextInvoice(cc, { amountCents });
      return back(reply, cc, { ok: 'invoice' });
    } catch (err) {
      return back(reply, cc, { err: failure(err) });
    }
  });

  app.post('/oficina/convenio', async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, string>;
    const cc = String(b.cc ?? '');
    try {
      await ledger.agreeInvoice(cc, String(b.invoiceNumber ?? ''));
      return back(reply, cc, { ok: 'agreement' });
    } catch (err) {
      return back(reply, cc, { err: failure(err) });
    }
  });
}
