import { parseArgs } from 'node:util';
import { formatResults, runConformance } from './kit';

const usage = `Conformance kit of the commercial-system contract (contracts/commercial-system.v1.yaml)

  npm run commercial:check -- --url <base URL> --token <bearer token> [options]

  --url            base URL of the system under test (the /v1 paths are appended)
  --token          the bearer token it expects (or COMMERCIAL_SYSTEM_TOKEN)
  --cc <code>      an active test code with an OPEN or PARTIAL invoice (repeat for more); without
                   any, the kit asks the reference system for fresh fixtures (POST /control/fixtures)
  --inactive-cc    an inactive test code with an invoice (checks ACCOUNT_INACTIVE)
  --unknown-cc     a code that does not exist there (default 0000000000000)
  --feed-wait      seconds to wait for a payment to show in the change feed (default 10)
  --json           print the results as JSON ([{name, status: pass|fail|skip, detail}])

It writes to the system: it pays one open invoice of the first test code, credits a 1.05 advance and
creates one account. Run it against a test environment. Exit code 0 only when nothing failed.`;

async function main() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      token: { type: 'string' },
      cc: { type: 'string', multiple: true },
      'inactive-cc': { type: 'string' },
      'unknown-cc': { type: 'string' },
      'feed-wait': { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const url = values.url ?? process.env.COMMERCIAL_SYSTEM_URL;
  const token = values.token ?? process.env.COMMERCIAL_SYSTEM_TOKEN;
  if (values.help || !url || !token) {
    console.log(usage);
    process.exit(values.help ? 0 : 2);
  }
  if (!values.json) console.log(`Commercial-system contract v1: checking ${url}\n`);
  const results = await runConformance({
    url,
    token,
    ccs: values.cc,
    inactiveCc: values['inactive-cc'],
    unknownCc: values['unknown-cc'],
    feedWaitMs: values['feed-wait'] ? Number(values['feed-wait']) * 1000 : undefined,
  });
  console.log(values.json ? JSON.stringify(results, null, 2) : formatResults(results));
  process.exit(results.some((r) => r.status === 'fail') ? 1 : 0);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(2);
});
