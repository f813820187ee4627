#!/usr/bin/env node
// When a cold load of a page shows its content, measured in the browser itself rather than simulated:
// the largest contentful paint (LCP) and the total blocking time after the first paint (long tasks
// over 50 ms, as Lighthouse counts them) and the layout shift, on Chromium's own clock, with no network throttling and
// with the CPU slowed 4× (Lighthouse's mobile setting). Five cold loads per page and setting, the
// median. The landing page is the bare reference of the same run: one static screen, no data.
// Starts the API serving the built SPA (`npm run build` first) on a fresh PGlite with demo data.
// A benchmark, not a CI check: figures depend on the machine's load.
//
//   node bench/first-paint.bench.mjs                 the table
//   node bench/first-paint.bench.mjs --runs=9        more loads per page (median)
//   node bench/first-paint.bench.mjs --only=pay --cpu=4   some pages, one CPU setting
//   WEB_DIST=/tmp/dist node bench/first-paint.bench.mjs   another build (the API serves it)
//
// Where Lighthouse's simulation (bench/lighthouse.bench.mjs) replays an unthrottled load at slow-4G
// speeds, this shows what the browser really waits for: React's 300 ms hold on content replacing a
// Suspense fallback, for one, did not exist for the simulation and cost a fast load 200 ms.
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startDemoApi } from './demo-api.mjs';
import { CC, coldPage, signIn } from './signed-in.mjs';

const args = process.argv.slice(2);
const RUNS = Number(args.find((a) => a.startsWith('--runs='))?.slice(7) ?? 5);
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const cpu = args.find((a) => a.startsWith('--cpu='))?.slice(6);
/** [name, path under /oficina_virtual, signed in] */
const PAGES = [
  ['landing (bare)', '/', false],
  ['client codes', '/clientCodes', true],
  ['code detail', `/clientCodes/${CC}`, true],
  ['pay', `/payments/payments?cc=${CC}`, true],
];
const CPU_RATES = cpu ? [Number(cpu)] : [1, 4];
/** After the page's load event: long enough for its data and its last renders. */
const SETTLE_MS = 2500;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One cold load: LCP, blocking time after the first paint, and the longest task, in ms. */
async function load(browser, origin, path, tokens, rate) {
  const page = await coldPage(browser, origin, tokens);
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await page.setViewport({ width: 412, height: 823, isMobile: true, deviceScaleFactor: 1.75 });
  await page.evaluateOnNewDocument(() => {
    window.__longTasks = [];
    window.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask' });
  });
  await page.goto(`${origin}/oficina_virtual${path}`, { waitUntil: 'load' });
  await new Promise((done) => setTimeout(done, SETTLE_MS));
  const figures = await page.evaluate(
    () =>
      new Promise((done) => {
        new PerformanceObserver((list) => {
          const lcp = list.getEntries().at(-1)?.startTime ?? Number.NaN;
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
          const after = window.__longTasks.filter(([start]) => start >= fcp);
          done({
            lcp,
            tbt: after.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0),
            longest: Math.max(0, ...window.__longTasks.map(([, duration]) => duration)),
            cls: window.__shift,
            url: location.pathname,
          });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  await page.close();
  if (tokens && figures.url.endsWith('/login')) throw new Error(`${path}: sent to the login page`);
  return figures;
}

async function main() {
  const api = await startDemoApi({ name: 'first-paint' });
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const rows = [];
  try {
    const tokens = await signIn(api.url);
    for (const [name, path, signedIn] of PAGES.filter(([n]) => !only || only.includes(n))) {
      for (const rate of CPU_RATES) {
        const runs = [];
        for (let run = 0; run < RUNS; run++) {
          runs.push(await load(browser, api.url, path, signedIn ? tokens : null, rate));
        }
        rows.push([name, rate, runs]);
        process.stdout.write(
          `  ${name} at ${rate}× CPU: ${runs.map((r) => Math.round(r.lcp)).join(' ')} ms\n`,
        );
      }
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
    await api.stop();
  }
  console.log(`\nCold load, no network throttling, median of ${RUNS} (ms):`);
  console.log(
    `  ${'page'.padEnd(15)} ${'CPU'.padStart(4)} ${'LCP'.padStart(6)} ${'TBT'.padStart(6)} ${'longest task'.padStart(13)} ${'CLS'.padStart(6)}`,
  );
  for (const [name, rate, runs] of rows) {
    const m = (key) => Math.round(median(runs.map((r) => r[key])));
    const cls = median(runs.map((r) => r.cls)).toFixed(3);
    console.log(
      `  ${name.padEnd(15)} ${`${rate}×`.padStart(4)} ${String(m('lcp')).padStart(6)} ${String(m('tbt')).padStart(6)} ${String(m('longest')).padStart(13)} ${cls.padStart(6)}`,
    );
  }
  process.exit(0);
}

main().catch((error) => {
  console.error(error?.stack ?? error);
  process.exit(1);
});
