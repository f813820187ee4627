#!/usr/bin/env node
// First-load weight of the anonymous landing page: the entry script, every chunk the HTML preloads, and
// the stylesheets, gzipped as a browser would receive them. Fails (exit 1) above the budget.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(here, '..', 'dist');
const indexPath = join(dist, 'index.html');

if (!existsSync(indexPath)) {
  console.error(`No build found at ${indexPath}. Run: npm run build -w apps/web`);
  process.exit(1);
}

const html = readFileSync(indexPath, 'utf8');
const base = '/oficina_virtual/';
const toFile = (href) =>
  join(dist, href.startsWith(base) ? href.slice(base.length) : href.replace(/^\//, ''));

const assets = [];
for (const match of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) {
  assets.push({ kind: 'entry', href: match[1] });
}
for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) {
  assets.push({ kind: 'preload', href: match[1] });
}
for (const match of html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)) {
  assets.push({ kind: 'css', href: match[1] });
}

if (!assets.some((asset) => asset.kind === 'entry')) {
  console.error('No entry <script type="module"> found in dist/index.html');
  process.exit(1);
}

let total = 0;
let jsTotal = 0;
const rows = [];
for (const asset of assets) {
  const bytes = readFileSync(toFile(asset.href));
  const gzipped = gzipSync(bytes, { level: 9 }).length;
  total += gzipped;
  if (asset.kind !== 'css') jsTotal += gzipped;
  rows.push([
    asset.kind,
    asset.href.replace(base, ''),
    (bytes.length / 1024).toFixed(1),
    (gzipped / 1024).toFixed(1),
  ]);
}

console.log('Landing page first load (gzip):');
for (const [kind, file, raw, gz] of rows) {
  console.log(`  ${kind.padEnd(8)} ${file.padEnd(48)} ${raw.padStart(8)} KB raw ${gz.padStart(7)} KB gzip`);
}
const totalKb = total / 1024;
console.log(`  JavaScript: ${(jsTotal / 1024).toFixed(1)} KB gzip; with CSS: ${totalKb.toFixed(1)} KB gzip`);
const pass = totalKb <= BUDGET_KB;
console.log(`${pass ? 'PASS' : 'FAIL'}: ${totalKb.toFixed(1)} KB of ${BUDGET_KB} KB budget`);
process.exit(pass ? 0 : 1);
