/**
 * What every benchmark shares, so each judges itself the same way:
 * - `alternate`: the bare route and the measured routes run in turns, round after round (bare, A, B,
 *   bare, A, B, …), never the bare route once and first; each line's figure is over all its rounds;
 * - `closedLoop` (N calls at C concurrent callers) and `autocannonLoad` (C connections for S seconds):
 *   one round of one line, with every latency kept, so percentiles over rounds are exact;
 * - `percentile`, `summarize`: p50/p95/p99 from the latencies themselves;
 * - goals (`share`, `latency`) and `printTable`: each figure with its goal and a verdict (met / NOT met);
 * - `planVerdict`: EXPLAIN's plan and its verdict (no sequential scan over a large table);
 * - `freePort`: a port for a server the bench starts (BENCH_PORTS=4500-4599 keeps it in a range).
 */
import { createServer } from 'node:http';
import autocannon from 'autocannon';

/** The p-th percentile of ascending latencies (nearest rank). */
export function percentile(sorted, p) {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function summarize(latencies) {
  const sorted = Float64Array.from(latencies).sort();
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
  };
}

/** A port for a server of the bench: the OS's choice, or the first free one of BENCH_PORTS (e.g. 4500-4599). */
export async function freePort() {
  const range = /^(\d+)-(\d+)$/.exec(process.env.BENCH_PORTS ?? '');
  const tryPort = (port) =>
    new Promise((resolve) => {
      const s = createServer();
      s.once('error', () => resolve(null));
      s.listen(port, '127.0.0.1', () => {
        const { port: got } = s.address();
        s.close(() => resolve(got));
      });
    });
  if (!range) return tryPort(0);
  for (let p = Number(range[1]); p <= Number(range[2]); p++) {
    if (taken.has(p)) continue;
    const got = await tryPort(p);
    if (got) {
      taken.add(got);
      return got;
    }
  }
  throw new Error(`no free port in BENCH_PORTS=${process.env.BENCH_PORTS}`);
}
const taken = new Set();

/**
 * One round of a line: `calls` requests by `concurrency` callers, each waiting for its answer before
 * the next. `request(i)` returns a fetch Response; a non-2xx answer fails the bench, or with
 * `tolerate` is counted in `errors` (its latency kept: a 503 after the pool's wait is a figure too).
 */
export async function closedLoop({ calls, concurrency, request, label = 'request', tolerate = false }) {
  const latencies = new Float64Array(calls);
  let next = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < calls) {
        const i = next++;
        const t0 = performance.now();
        const res = await request(i);
        if (!res.ok && !tolerate) throw new Error(`${label}: ${res.status} ${await res.text()}`);
        if (!res.ok) errors++;
        await res.arrayBuffer();
        latencies[i] = performance.now() - t0;
      }
    }),
  );
  return { count: calls, seconds: (performance.now() - started) / 1000, latencies, errors };
}

/** One round of a line under autocannon: `connections` for `duration` seconds, every latency kept. */
export function autocannonLoad({ url, connections, duration, request }) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const instance = autocannon({ url, connections, duration, requests: [request] }, (err, res) => {
      if (err) return reject(err);
      resolve({
        count: latencies.length,
        seconds: res.duration,
        latencies,
        errors: res.non2xx + res.errors + res.timeouts,
      });
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

/**
 * Runs the lines in turns for `rounds` rounds (the first line is the bare route; it runs in every
 * round, between the others), and answers each line's figures over all its rounds: req/s (calls over
 * time), the req/s of each round, p50/p95/p99 of every latency, errors.
 */
export async function alternate({ rounds, lines, log = true }) {
  const acc = lines.map(() => ({ count: 0, seconds: 0, latencies: [], errors: 0, perRound: [] }));
  for (let r = 0; r < rounds; r++) {
    for (const [k, line] of lines.entries()) {
      const got = await line.run(r);
      const a = acc[k];
      a.count += got.count;
      a.seconds += got.seconds;
      a.errors += got.errors ?? 0;
      for (const x of got.latencies) a.latencies.push(x);
      a.perRound.push(got.count / got.seconds);
      if (log)
        process.stderr.write(
          `  round ${r + 1}/${rounds} ${line.name}: ${(got.count / got.seconds).toFixed(0)} req/s\n`,
        );
    }
  }
  return lines.map((line, k) => {
    const a = acc[k];
    return {
      name: line.name,
      goal: line.goal,
      rps: a.count / a.seconds,
      perRound: a.perRound,
      errors: a.errors,
      ...summarize(a.latencies),
    };
  });
}

/** Goal: at least `min` of the bare route's req/s (e.g. 0.5) and p99 under `p99` ms. */
export function share(min, p99) {
  return {
    text: `≥ ${Math.round(min * 100)} % of bare, p99 < ${p99} ms`,
    met: (r, bare) => r.rps >= min * bare.rps && r.p99 < p99,
  };
}

/** Goal: a latency percentile under a bound (e.g. latency({ p99: 50 }) or { p95: 100, p99: 150 }). */
export function latency(bounds) {
  const parts = Object.entries(bounds);
  return {
    text: parts.map(([p, ms]) => `${p} < ${ms} ms`).join(', '),
    met: (r) => parts.every(([p, ms]) => r[p] < ms),
  };
}

/**
 * Waits until the API at `base` answers /api/health/ready (migrations and first seed done); throws
 * when `child` (its process) exits first or `timeoutMs` passes.
 */
export async function waitReady(base, child, timeoutMs = 300_000) {
  for (const started = Date.now(); ; ) {
    if (
      await fetch(`${base}/api/health/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return Date.now() - started;
    if (Date.now() - started > timeoutMs || child.exitCode !== null) throw new Error('API did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
}

export const verdict = (met) => (met ? 'met' : 'NOT met');

/**
 * The table: each line's figures, its share of the bare route (the first line), its goal and the
 * verdict. Answers whether every goal was met (the bench's exit code does not depend on it: these
 * are benchmarks, not tests).
 */
export function printTable(results, { title = 'route' } = {}) {
  const bare = results[0];
  const f = (x) => (Number.isFinite(x) ? x.toFixed(1) : '—');
  const w = Math.max(title.length, ...results.map((r) => r.name.length));
  console.log(
    `\n${title.padEnd(w)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'vs bare'.padStart(8)} ${'err'.padStart(4)}  goal → verdict`,
  );
  let all = true;
  for (const r of results) {
    const met = r.goal ? r.goal.met(r, bare) : null;
    if (met === false) all = false;
    const rounds =
      r.perRound.length > 1 ? ` (rounds ${r.perRound.map((x) => x.toFixed(0)).join(' / ')})` : '';
    console.log(
      `${r.name.padEnd(w)} ${r.rps.toFixed(0).padStart(7)} ${f(r.p50).padStart(7)} ${f(r.p95).padStart(7)} ${f(r.p99).padStart(7)} ${`${((100 * r.rps) / bare.rps).toFixed(1)}%`.padStart(8)} ${String(r.errors).padStart(4)}  ${r === bare ? 'bare route' : r.goal ? `${r.goal.text} → ${verdict(met)}` : 'no goal'}${rounds}`,
    );
  }
  return all;
}

/**
 * EXPLAIN ANALYZE of a query, printed with its verdict: met when no `Seq Scan` touches one of the
 * large tables (`tables`, all of them when empty). Answers the verdict.
 */
export async function planVerdict(db, label, query, params = [], tables = [], { indexOrder = false } = {}) {
  const { rows } = await db.query(`explain (analyze, costs off, timing off, summary on) ${query}`, params);
  const text = rows.map((r) => r['QUERY PLAN']).join('\n');
  const seq = [...text.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1]);
  const bad = seq.filter((t) => !tables.length || tables.includes(t));
  // `indexOrder`: the rows come in the index's order (an incremental sort of ties is fine, a Sort of
  // the whole set is not).
  const sorted = indexOrder && /(^|->\s+)Sort\b/m.test(text);
  const met = bad.length === 0 && !sorted;
  console.log(
    `\n  EXPLAIN ${label} — goal: no sequential scan${tables.length ? ` of ${tables.join(', ')}` : ''}${indexOrder ? ', rows in the index order (no Sort)' : ''} → ${verdict(met)}${bad.length ? ` (Seq Scan on ${bad.join(', ')})` : ''}${sorted ? ' (Sort)' : ''}`,
  );
  console.log(text.replace(/^/gm, '    '));
  return met;
}
