import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from './check/kit';
import { startReference, TOKEN } from './test-helpers';

let ref: Awaited<ReturnType<typeof startReference>>;
beforeAll(async () => {
  ref = await startReference();
});
afterAll(() => ref?.close());

const failures = (results: { status: string; name: string; detail?: string }[]) =>
  results.filter((r) => r.status === 'fail').map((r) => `${r.name}: ${r.detail}`);

describe('conformance kit against the reference system', () => {
  it('passes every check with the reference fixtures', async () => {
    const results = await runConformance({ url: ref.url, token: TOKEN, feedWaitMs: 2000 });
    expect(failures(results)).toEqual([]);
    expect(results.filter((r) => r.status === 'skip')).toEqual([]);
    expect(results.filter((r) => r.status === 'pass').length).toBeGreaterThanOrEqual(30);
  });

  it('passes with the documented demo codes declared as test codes', async () => {
    const results = await runConformance({
      url: ref.url,
      token: TOKEN,
      ccs: ['2300000000006', '2300000000008'],
      inactiveCc: '2300000000010',
      feedWaitMs: 2000,
    });
    expect(failures(results)).toEqual([]);
    expect(results.filter((r) => r.status === 'skip')).toEqual([]);
  });

  it('fails on a feed whose cursors do not increase (reorder fault)', async () => {
    ref.faults.set('changes', { mode: 'reorder' });
    try {
      const results = await runConformance({ url: ref.url, token: TOKEN, feedWaitMs: 500 });
      const failed = failures(results);
      expect(failed.some((f) => f.includes('cursors must increase'))).toBe(true);
    } finally {
      ref.faults.reset();
    }
  });

  it('tolerates redelivered events (duplicate fault)', async () => {
    ref.faults.set('changes', { mode: 'duplicate' });
    try {
      const results = await runConformance({ url: ref.url, token: TOKEN, feedWaitMs: 2000 });
      expect(failures(results)).toEqual([]);
    } finally {
      ref.faults.reset();
    }
  });

  it('reports a wrong token and a wrong refusal reason as failures', async () => {
    const wrongToken = await runConformance({ url: ref.url, token: 'not-the-token', feedWaitMs: 200 });
    expect(failures(wrongToken).length).toBeGreaterThan(5);
    ref.faults.set('payments', { mode: 'refuse', reason: 'ACCOUNT_INACTIVE' });
    try {
      const results = await runConformance({ url: ref.url, token: TOKEN, feedWaitMs: 200 });
      expect(failures(results).some((f) => f.includes('expected reason AMOUNT_MISMATCH'))).toBe(true);
    } finally {
      ref.faults.reset();
    }
  });
});
