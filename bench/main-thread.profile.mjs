#!/usr/bin/env node
// What runs on the main thread during a page's cold load, at 4× CPU slowdown (Lighthouse's mobile
// setting): every task of 50 ms or more (its start, length and the functions that took the most of
// it, by self time), and the functions taking the most of the whole load. A tool to find what to
// split or defer, not a benchmark (docs/web-performance.md).
//
//   node bench/main-thread.profile.mjs                  login, client codes, code detail, pay
//   node bench/main-thread.profile.mjs --only=login     some pages
//   node bench/main-thread.profile.mjs --top=25         more functions per list
//   node bench/main-thread.profile.mjs --cpu=1          unthrottled, as Lighthouse's simulation measures
//
// Same pages, build (WEB_DIST or apps/web/dist), API and cold start as bench/lighthouse.bench.mjs.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, root, startDemoApi } from './demo-api.mjs';
import { CC, coldPage, signIn } from './signed-in.mjs';

const args = process.argv.slice(2);
/** `--only=client-codes,code-detail` (or the names with spaces, as printed). */
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',')
  .map((name) => name.replace(/-/g, ' '));
const TOP = Number(args.find((a) => a.startsWith('--top='))?.slice(6) ?? 12);
/**
 * `--cpu=1`: no slowdown, tasks of 12.5 ms or more reported, as Lighthouse's simulation sees them (it
 * measures an unthrottled load and multiplies its main-thread tasks by 4). Default: 4× slowdown.
 */
const SLOWDOWN = Number(args.find((a) => a.startsWith('--cpu='))?.slice(6) ?? 4);
const LONG_MS = 50 / (4 / SLOWDOWN);

const PAGES = [
  ['landing', '/', false],
  ['login', '/login', false],
  ['client codes', '/clientCodes', true],
  ['code detail', `/clientCodes/${CC}`, true],
  ['pay', `/payments/payments?cc=${CC}`, true],
];

/** The last path segment of a script's address ('react-Bys99yYC.js'), or '(native)'. */
const fileOf = (url) => (url ? url.split('/').pop().split('?')[0] : '(native)');

/** Self time (ms) per function over the samples whose time falls in [from, to) (µs, profile clock). */
function selfTimes(profile, from = -Infinity, to = Infinity) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const times = new Map();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    const dt = profile.timeDeltas[i + 1] ?? 0;
    if (t < from || t >= to) continue;
    const { callFrame: f } = nodes.get(profile.samples[i]);
    if (f.functionName === '(idle)' || f.functionName === '(program)') continue;
    const key = `${f.functionName || '(anonymous)'} ${fileOf(f.url)}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
    times.set(key, (times.get(key) ?? 0) + dt / 1000);
  }
  return [...times].sort((a, b) => b[1] - a[1]);
}

/** Self time (ms) per script file. */
function byFile(profile, from, to) {
  const files = new Map();
  for (const [key, ms] of selfTimes(profile, from, to)) {
    const file = key.split(' ').pop().split(':')[0];
    files.set(file, (files.get(file) ?? 0) + ms);
  }
  return [...files].sort((a, b) => b[1] - a[1]);
}

async function profileLoad(browser, url, origin, tokens) {
  const page = await coldPage(browser, origin, tokens);
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  // The main thread's tasks, from the trace (RunTask events).
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const traced = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
  await cdp.send('Tracing.start', {
    categories:
      'disabled-by-default-devtools.timeline,devtools.timeline,disabled-by-default-devtools.timeline.stack',
    transferMode: 'ReportEvents',
  });
  await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'networkidle2', timeout: 120_000 });
  await new Promise((r) => setTimeout(r, 1500));
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.send('Tracing.end');
  await traced;
  await page.close();
  // The renderer's main thread: the one with the most RunTask time.
  const runs = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.dur);
  const perThread = new Map();
  for (const e of runs) perThread.set(`${e.pid}:${e.tid}`, (perThread.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur);
  const main = [...perThread].sort((a, b) => b[1] - a[1])[0]?.[0];
  const tasks = runs.filter((e) => `${e.pid}:${e.tid}` === main);
  const navStart = events.find((e) => e.name === 'navigationStart')?.ts ?? tasks[0]?.ts ?? 0;
  const inside = events.filter(
    (e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && e.dur && e.name !== 'RunTask',
  );
  return { profile, tasks, navStart, inside };
}

async function main() {
  const dist = process.env.WEB_DIST ?? join(root, 'apps/web/dist');
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`${dist} is missing: build the web app first.`);
  const api = await startDemoApi({ name: 'profile' });
  const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const tokens = await signIn(api.url);
    for (const [name, path, signedIn] of PAGES.filter(([n]) => !only || only.includes(n))) {
      const { profile, tasks, navStart, inside } = await profileLoad(
        browser,
        `${api.url}/oficina_virtual${path}`,
        api.url,
        signedIn ? tokens : null,
      );
      const long = tasks.filter((t) => t.dur / 1000 >= LONG_MS);
      const blocking = long.reduce((sum, t) => sum + t.dur / 1000 - LONG_MS, 0);
      console.log(
        `\n${name}: ${long.length} tasks ≥ ${LONG_MS} ms at ${SLOWDOWN}× slowdown, ${blocking.toFixed(0)} ms over ${LONG_MS} ms (up to the network's idle)`,
      );
      for (const task of long) {
        const from = task.ts;
        const to = task.ts + task.dur;
        const files = byFile(profile, from, to)
          .slice(0, 4)
          .map(([f, ms]) => `${f} ${ms.toFixed(0)}`)
          .join(', ');
        console.log(
          `  task at ${((from - navStart) / 1000).toFixed(0)} ms: ${(task.dur / 1000).toFixed(0)} ms  [${files}]`,
        );
        // The trace's own events directly under the task (script, style, layout, paint, parsing…).
        const kinds = new Map();
        for (const e of inside) {
          if (e.ts < from || e.ts + e.dur > to) continue;
          const parent = inside.some(
            (p) => p !== e && p.ts <= e.ts && p.ts + p.dur >= e.ts + e.dur && p.ts >= from,
          );
          if (parent) continue;
          const what =
            e.name === 'EvaluateScript' || e.name === 'v8.compileModule'
              ? `${e.name} ${fileOf(e.args?.data?.url)}`
              : e.name;
          kinds.set(what, (kinds.get(what) ?? 0) + e.dur / 1000);
        }
        // Style and layout forced by script (inside a script's call): who asked for them.
        for (const e of inside) {
          if (e.ts < from || e.ts + e.dur > to || !['Layout', 'UpdateLayoutTree'].includes(e.name)) continue;
          const script = inside.some(
            (p) => p.name === 'FunctionCall' && p.ts <= e.ts && p.ts + p.dur >= e.ts + e.dur,
          );
          if (!script || e.dur < 1000) continue;
          const stack = (e.args?.beginData?.stackTrace ?? e.args?.data?.stackTrace ?? [])
            .slice(0, 3)
            .map(
              (f) => `${f.functionName || '(anonymous)'} ${fileOf(f.url)}:${f.lineNumber}:${f.columnNumber}`,
            )
            .join(' < ');
          console.log(`      forced ${e.name} ${(e.dur / 1000).toFixed(1)} ms by ${stack || '(no stack)'}`);
        }
        const top = [...kinds].sort((a, b) => b[1] - a[1]).slice(0, 6);
        console.log(`      events: ${top.map(([k, ms]) => `${k} ${ms.toFixed(0)}`).join(', ')}`);
        for (const [fn, ms] of selfTimes(profile, from, to).slice(0, TOP)) {
          console.log(`      ${ms.toFixed(1).padStart(6)}  ${fn}`);
        }
      }
      console.log('  whole load, by file:');
      for (const [file, ms] of byFile(profile).slice(0, TOP))
        console.log(`    ${ms.toFixed(0).padStart(6)}  ${file}`);
    }
  } finally {
    await browser.close();
    await api.stop();
  }
}

main().catch((error) => {
  console.error(error?.stack ?? error);
  process.exit(1);
});
