import { DEMO_LINKED_CODES, DEMO_UNLINKED_CODES, demoAccounts } from '@ov/domain';
import { describe, expect, it } from 'vitest';

// The generator is the portal's own (packages/domain billing/generator.ts): same codes, holders and
// amounts as the portal's demo ledger, by construction.
describe('demo data', () => {
  it('starts with the documented demo codes', () => {
    const accounts = demoAccounts(new Date('2026-11-27T10:00:00Z'), 12);
    expect(accounts.slice(0, 10).map((a) => a.account.cc)).toEqual(
      [...DEMO_LINKED_CODES, ...DEMO_UNLINKED_CODES].map((c) => c.cc),
    );
    expect(accounts[9].account.active).toBe(false);
    expect(accounts[10].account.cc).toBe('2300000000011');
  });
});
