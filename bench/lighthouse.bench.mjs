#!/usr/bin/env node
// Lighthouse mobile performance (issue 29 goals: score ≥ 90, total blocking time ≤ 200 ms, LCP ≤ 2.5 s,
// CLS ≤ 0.1) for the landing, login, client codes, code detail and pay pages: Lighthouse's default
// mobile run (Moto G Power emulation, simulated slow 4G throttling, 4× CPU) on a cold load, three runs
// per page, the median by score. Each run prints Lighthouse's benchmark index; a page with a run under
// 1,000 (a busy machine) gets no verdict. Starts the API serving the built SPA (`npm run build` first,
// or WEB_DIST=<a build>) on a fresh PGlite with demo data. A benchmark, not a CI check.
//
//   node bench/lighthouse.bench.mjs                    the table
//   node bench/lighthouse.bench.mjs --only=login,code-detail   some pages
//   node bench/lighthouse.bench.mjs --runs=5           more runs per page (median; default 3)
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
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_FLAGS, root, startDemoApi } from './demo-api.mjs';
import { EDGE_CHROMIUM_FLAGS, startEdge } from './edge.mjs';
import { CC, coldPage, signIn } from './signed-in.mjs';

const args = process.argv.slice(2);
/** `--only=client-codes,code-detail` (or the names with spaces, as printed). */
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',')
  .map((name) => name.replace(/-/g, ' '));
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

/**
 * Lighthouse's benchmark index (`environment.benchmarkIndex`, measured at the start of each run: how
 * much JavaScript work this machine does in a fixed time). Simulated throttling multiplies the
 * observed main-thread time by 4, so a busy machine's run measures the machine, not the page: under
 * this index a run gets no verdict (an idle machine of ours scores 1,600–2,500). Measured before the
 * load (Lighthouse's own) and after it (`indexAfter`); the lower of the two is the run's.
 */
const MIN_INDEX = 1000;

/** Each page's goals (issue 29): mobile performance score, total blocking time, largest paint, layout shift. */
const GOALS = [
  { label: 'score ≥ 90', figure: (r) => r.score, met: (v) => v >= 90, text: (v) => String(v) },
  { label: 'TBT ≤ 200 ms', figure: (r) => r.tbt, met: (v) => v <= 200, text: (v) => `${v.toFixed(0)} ms` },
  {
    label: 'LCP ≤ 2.5 s',
    figure: (r) => r.lcp,
    met: (v) => v <= 2500,
    text: (v) => `${(v / 1000).toFixed(2)} s`,
  },
  { label: 'CLS ≤ 0.1', figure: (r) => r.cls, met: (v) => v <= 0.1, text: (v) => v.toFixed(3) },
];

/** One run as printed: its score, total blocking time and benchmark index ('busy' when under the floor). */
const runText = (run) =>
  `${run.score}/${run.tbt.toFixed(0)}/${run.index.toFixed(0)}${run.index >= MIN_INDEX ? '' : ' busy'}`;

/**
 * Lighthouse's benchmark again, once the run is over (in a blank page): Lighthouse measures it only
 * before loading the page, and a machine that got busy during the run would pass unseen.
 */
async function indexAfter(browser) {
  const page = await browser.newPage();
  try {
    return await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`);
  } finally {
    await page.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const unknown = only?.filter((name) => !PAGES.some(([n]) => n === name)) ?? [];
  if (unknown.length > 0) {
    console.error(
      `Unknown page(s): ${unknown.join(', ')} (pages: ${PAGES.map(([n]) => n.replace(/ /g, '-')).join(', ')})`,
    );
    process.exit(1);
  }
  const dist = process.env.WEB_DIST ?? join(root, 'apps/web/dist');
  if (!existsSync(join(dist, 'index.html'))) {
    console.error(`${dist} is missing: run \`npm run build\` first (or set WEB_DIST to a build).`);
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
        const before = lhr.environment?.benchmarkIndex ?? Number.NaN;
        const after = await indexAfter(browser);
        runs.push({
          // The run's index: the lower of Lighthouse's (before the load) and ours (after it).
          index: Math.min(before, after),
          score: Math.round((lhr.categories.performance.score ?? 0) * 100),
          fcp: audit('first-contentful-paint'),
          lcp: audit('largest-contentful-paint'),
          tbt: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          bytes: audit('total-byte-weight'),
        });
        process.stdout.write(
          `  ${name} run ${run + 1}: score/TBT ms/benchmark index ${runText(runs.at(-1))}\n`,
        );
        if (JSON_DIR) {
          mkdirSync(JSON_DIR, { recursive: true });
          writeFileSync(join(JSON_DIR, `${name.replace(/ /g, '-')}-${run + 1}.json`), JSON.stringify(lhr));
        }
      }
      // The median run by score (its own figures, not a mix of runs).
      const middle = median(runs.map((r) => r.score));
      rows.push([name, runs.find((r) => r.score === middle), runs]);
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
    await edge?.stop();
    await api.stop();
  }
  console.log(
    `\nLighthouse ${RUNS > 1 ? `median of ${RUNS} runs` : 'one run'}, mobile (${DEVTOOLS ? 'devtools-throttled' : 'simulated'} slow 4G, 4× CPU), ${EDGE ? 'through the edge (TLS, HTTP/2)' : 'from the API (HTTP/1.1)'}:`,
  );
  console.log(
    `  ${'page'.padEnd(13)} ${'score'.padStart(5)} ${'FCP s'.padStart(6)} ${'LCP s'.padStart(6)} ${'TBT ms'.padStart(7)} ${'CLS'.padStart(6)} ${'KB'.padStart(7)}  runs (score/TBT ms/benchmark index)`,
  );
  for (const [name, r, runs] of rows) {
    console.log(
      `  ${name.padEnd(13)} ${String(r.score).padStart(5)} ${(r.fcp / 1000).toFixed(1).padStart(6)} ${(r.lcp / 1000).toFixed(1).padStart(6)} ${r.tbt.toFixed(0).padStart(7)} ${r.cls.toFixed(3).padStart(6)} ${(r.bytes / 1024).toFixed(0).padStart(7)}  ${runs.map(runText).join(', ')}`,
    );
  }
  console.log(
    `\nGoals and verdicts (a verdict only when every run's benchmark index is ≥ ${MIN_INDEX.toLocaleString('en')}):`,
  );
  for (const [name, r, runs] of rows) {
    const busy = runs.filter((run) => !(run.index >= MIN_INDEX));
    for (const goal of GOALS) {
      const figure = goal.figure(r);
      const verdict =
        busy.length > 0
          ? `no verdict: machine too busy (benchmark index ${busy.map((run) => run.index.toFixed(0)).join(', ')} < ${MIN_INDEX.toLocaleString('en')})`
          : goal.met(figure)
            ? 'met'
            : 'NOT met';
      console.log(
        `  ${name.padEnd(13)} ${goal.label.padEnd(22)} ${goal.text(figure).padStart(8)}  ${verdict}`,
      );
    }
  }
  process.exit(0);
}

main().catch((error) => {
  console.error(error?.stack ?? error);
  process.exit(1);
});
