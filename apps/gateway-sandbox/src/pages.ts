/** Small server-rendered pages for the payer side. No scripts; every value is escaped. */

export function esc(value: unknown): string {
  return String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

export const PAGE_CSP =
  "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self' http: https:; base-uri 'none'; frame-ancestors 'none'";

export type Brand = 'enzona' | 'transfermovil';

export function page(opts: { brand: Brand; title: string; body: string }): string {
  const brandName = opts.brand === 'enzona' ? 'EnZona' : 'Transfermóvil';
  const tagline = opts.brand === 'enzona' ? 'Pasarela de pagos' : 'Banca móvil';
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(opts.title)} · ${brandName} (sandbox)</title>
<link rel="stylesheet" href="/sandbox/assets/sandbox.css">
</head>
<body class="${opts.brand}">
<header class="bar"><span class="logo">${brandName}</span><span class="tag">${tagline}</span><span class="sandbox">SANDBOX</span></header>
<main class="card">
${opts.body}
</main>
<footer>Entorno de pruebas: ningún dinero real se mueve.</footer>
</body>
</html>`;
}

export function detailRows(rows: Array<[string, string]>): string {
  return `<dl class="details">${rows.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join('')}</dl>`;
}

export function money(decimal: string, currency = 'CUP'): string {
  const [whole, cents] = decimal.split('.');
  return `$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents} ${currency}`;
}

export const SANDBOX_CSS = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f2f4f7;color:#1f2933}
.bar{display:flex;align-items:center;gap:12px;padding:14px 20px;color:#fff}
.enzona .bar{background:linear-gradient(90deg,#5b2a86,#9b3fb5)}
.transfermovil .bar{background:linear-gradient(90deg,#0b4f9c,#1479d1)}
.logo{font-weight:700;font-size:1.4rem;letter-spacing:.5px}
.tag{opacity:.85}
.sandbox{margin-left:auto;font-size:.75rem;border:1px solid #fff;border-radius:4px;padding:2px 6px}
.card{max-width:460px;margin:32px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 4px 18px rgba(0,0,0,.08)}
h1{font-size:1.25rem;margin:0 0 16px}
.amount{font-size:2rem;font-weight:700;margin:8px 0 16px}
.details{display:grid;grid-template-columns:auto 1fr;gap:6px 14px;margin:0 0 20px}
.details dt{color:#52606d}
.details dd{margin:0;word-break:break-word}
.actions{display:flex;gap:12px}
.actions form{flex:1}
.spaced{margin-top:12px}
button{width:100%;padding:12px;border-radius:8px;border:0;font-size:1rem;cursor:pointer}
.primary{color:#fff}
.enzona .primary{background:#7b2fa0}
.transfermovil .primary{background:#0b63c5}
.secondary{background:#e4e7eb;color:#1f2933}
label{display:block;margin:0 0 16px;color:#52606d}
input{display:block;width:100%;margin-top:4px;padding:10px;border:1px solid #cbd2d9;border-radius:8px;font-size:1rem}
.status{padding:12px;border-radius:8px;background:#e3f8ff}
.status.ok{background:#e3f9e5}
.status.bad{background:#ffe3e3}
footer{text-align:center;color:#7b8794;font-size:.8rem;margin-bottom:24px}
`;
