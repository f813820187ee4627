#!/usr/bin/env node
// Lighthouse mobile performance (issue 13 goals: score ≥ 90, LCP ≤ 2.5 s, CLS ≤ 0.1) for the landing,
// login, client codes, code detail and pay pages: Lighthouse's default mobile run (Moto G Power
// emulation, simulated slow 4G throttling) on a cold load, three runs per page, the median by score.
// Starts the API serving the built SPA (`npm run build` first) on a fresh PGlite with demo data.
// A benchmark, not a CI check: the scores depend on this machine's load.
//
//   node bench/lighthouse.bench.mjs                    the table
//   node bench/lighthouse.bench.mjs --only=login,pay   some pages
//   node bench/lighthouse.bench.mjs --runs=5           more runs per page (median)
//   node bench/lighthouse.bench.mjs --json=/tmp/lh     each run's report kept as JSON
//   node bench/lighthouse.bench.mjs --devtools         the load throttled in the browser, not simulated
//   node bench/lighthouse.bench.mjs --edge             through deploy/nginx.conf over HTTPS and HTTP/2 (bench/edge.mjs)
//
// Chromium: CHROME_PATH (default /usr/bin/chromium), with the flags of the browser tests (demo-api.mjs). Signed-in pages
// get the demo customer's session in localStorage, with the profile the app keeps there after its
// first /users/me (a returning customer's visit); before each run the origin's storage, cache
// storage, service workers and the HTTP cache are cleared by hand (Lighthouse's own storage reset
// would also clear the session).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_FLAGS, root, startDemoApi } from './demo-api.mjs';
import { EDGE_CHROMIUM_FLAGS, startEdge } from './edge.mjs';
import { CC, coldPage, signIn } from './signed-in.mjs';

const args = process.argv.slice(2);
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const RUNS = Number(args.find((a) => a.startsWith('--runs='))?.slice(7) ?? 3);
/**
 * `--devtools`: the load itself throttled in the browser (Lighthouse's `devtools` throttling) instead
 * of simulated from an unthrottled load. Slower to run; a check on the simulation, whose estimate
 * of a lazily imported chunk depends on when the fast load happened to request it.
 */
const DEVTOOLS = args.includes('--devtools');
/**
 * `--edge`: the pages loaded through the production edge, deploy/nginx.conf's HTTPS listener (TLS and
 * HTTP/2), instead of from the API directly over HTTP/1.1.
 */
const EDGE = args.includes('--edge');
/** `--json=DIR`: each run's Lighthouse report kept as DIR/<page>-<run>.json (to read its request chains). */
const JSON_DIR = args.find((a) => a.startsWith('--json='))?.slice(7);

/** [name, path under /oficina_virtual, signed in] */
const PAGES = [
  ['landing', '/', false],
  ['login', '/login', false],
  ['client codes', '/clientCodes', true],
  ['code detail', `/clientCodes/${CC}`, true],
  ['pay', `/payments/payments?cc=${CC}`, true],
];

/**
 * One Lighthouse run on a cold page. Lighthouse sometimes loses the trace of a load on a busy machine
 * (NO_NAVSTART, NO_FCP): such a run is made again, up to three times.
 */
async function measure(browser, origin, path, tokens, port, name) {
  for (let attempt = 1; ; attempt++) {
    const page = await coldPage(browser, origin, tokens);
    const result = await lighthouse(
      `${origin}/oficina_virtual${path}`,
      { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      {
        extends: 'lighthouse:default',
        settings: { disableStorageReset: true, ...(DEVTOOLS ? { throttlingMethod: 'devtools' } : {}) },
      },
      page,
    );
    await page.close();
    const lhr = result?.lhr;
    if (lhr && !lhr.runtimeError) return lhr;
    const why = lhr?.runtimeError?.code ?? 'no result';
    if (attempt === 3) throw new Error(`${name}: ${lhr?.runtimeError?.message ?? why}`);
    process.stdout.write(`  ${name}: ${why}, measured again\n`);
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
    console.error('apps/web/dist is missing: run `npm run build` first.');
    process.exit(1);
  }
  const api = await startDemoApi({ name: 'lighthouse', readyTimeoutMs: 300_000 });
  const edge = EDGE ? await startEdge(api.url) : null;
  const origin = edge?.url ?? api.url;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [...CHROMIUM_FLAGS, ...(EDGE ? EDGE_CHROMIUM_FLAGS : [])],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const rows = [];
  try {
    const tokens = await signIn(api.url);
    for (const [name, path, signedIn] of PAGES.filter(([n]) => !only || only.includes(n))) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        const lhr = await measure(browser, origin, path, signedIn ? tokens : null, chrome.port, name);
        const finalUrl = lhr.finalDisplayedUrl ?? lhr.finalUrl ?? '';
        if (signedIn && finalUrl.endsWith('/login')) throw new Error(`${name}: sent to the login page`);
        const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
        runs.push({
          score: Math.round((lhr.categories.performance.score ?? 0) * 100),
          fcp: audit('first-contentful-paint'),
          lcp: audit('largest-contentful-paint'),
          tbt: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          bytes: audit('total-byte-weight'),
        });
        process.stdout.write(`  ${name} run ${run + 1}: ${runs.at(-1).score}\n`);
        if (JSON_DIR) {
          mkdirSync(JSON_DIR, { recursive: true });
          writeFileSync(join(JSON_DIR, `${name.replace(/ /g, '-')}-${run + 1}.json`), JSON.stringify(lhr));
        }
      }
      // The median run by score (its own figures, not a mix of runs).
      const middle = median(runs.map((r) => r.score));
      rows.push([name, runs.find((r) => r.score === middle), runs.map((r) => r.score)]);
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
    await edge?.stop();
    await api.stop();
  }
  console.log(
    `\nLighthouse ${RUNS > 1 ? `median of ${RUNS} runs` : 'one run'}, mobile (${DEVTOOLS ? 'devtools-throttled' : 'simulated'} slow 4G), ${EDGE ? 'through the edge (TLS, HTTP/2)' : 'from the API (HTTP/1.1)'}:`,
  );
  console.log(
    `  ${'page'.padEnd(13)} ${'score'.padStart(5)} ${'FCP s'.padStart(6)} ${'LCP s'.padStart(6)} ${'TBT ms'.padStart(7)} ${'CLS'.padStart(6)} ${'KB'.padStart(7)}  runs`,
  );
  for (const [name, r, scores] of rows) {
    console.log(
      `  ${name.padEnd(13)} ${String(r.score).padStart(5)} ${(r.fcp / 1000).toFixed(1).padStart(6)} ${(r.lcp / 1000).toFixed(1).padStart(6)} ${r.tbt.toFixed(0).padStart(7)} ${r.cls.toFixed(3).padStart(6)} ${(r.bytes / 1024).toFixed(0).padStart(7)}  ${scores.join(' ')}`,
    );
  }
  console.log('Goals: score ≥ 90, LCP ≤ 2.5 s, CLS ≤ 0.1 (issue 13).');
  process.exit(0);
}

main().catch((error) => {
  console.error(error?.stack ?? error);
  process.exit(1);
});
