/** A one-line progress bar on stderr (no dependency): `[####------] 40% 400,000/1,000,000 accounts · 52,000/s · ETA 12s`. */
export function progressBar(total: number, unit: string) {
  const started = Date.now();
  let last = 0;
  const fmt = (n: number) => n.toLocaleString('en-US');
  function draw(done: number, force = false) {
    const now = Date.now();
    if (!force && now - last < 200) return;
    last = now;
    const ratio = total ? Math.min(1, done / total) : 1;
    const width = 30;
    const filled = Math.round(ratio * width);
    const secs = (now - started) / 1000;
    const rate = secs > 0 ? done / secs : 0;
    const eta = rate > 0 ? Math.max(0, (total - done) / rate) : 0;
    const line = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${Math.floor(ratio * 100)}% ${fmt(done)}/${fmt(total)} ${unit} · ${fmt(Math.round(rate))}/s · ETA ${Math.round(eta)}s`;
    process.stderr.write(process.stderr.isTTY ? `\r${line}` : `${line}\n`);
  }
  return {
    update: (done: number) => draw(done),
    finish(done: number) {
      draw(done, true);
      if (process.stderr.isTTY) process.stderr.write('\n');
      return (Date.now() - started) / 1000;
    },
  };
}

/** `--accounts 1000 --invoices-per-account 12` → { accounts: '1000', 'invoices-per-account': '12' }. */
export function parseArgs(argv: string[]) {
  const out: Record<string, string> = {};
  for (let k = 0; k < argv.length; k++) {
    const a = argv[k];
    if (!a.startsWith('--')) continue;
    const [key, inline] = a.slice(2).split('=', 2);
    if (inline !== undefined) out[key] = inline;
    else if (argv[k + 1] && !argv[k + 1].startsWith('--')) out[key] = argv[++k];
    else out[key] = 'true';
  }
  return out;
}
