import { DEMO_LINKED_CODES, DEMO_UNLINKED_CODES } from '@ov/domain';
import { describe, expect, it } from 'vitest';
import * as portal from '../../api/src/modules/billing';
import * as mine from './generator';
import { demoAccounts } from './seed';

describe('demo data', () => {
  it('the generator is the portal demo ledger’s (same codes, holders and amounts)', () => {
    const today = new Date('2026-11-27T10:00:00Z');
    const periods = portal.billingPeriods(today);
    expect(mine.billingPeriods(today)).toEqual(periods);
    for (let i = 1; i <= 40; i++)
      expect(mine.generateAccount(i, { prefix: '23', periods })).toEqual(
        portal.generateAccount(i, { prefix: '23', periods }),
      );
  });

  it('starts with the documented demo codes', () => {
    const accounts = demoAccounts(new Date('2026-11-27T10:00:00Z'), 12);
    expect(accounts.slice(0, 10).map((a) => a.account.cc)).toEqual(
      [...DEMO_LINKED_CODES, ...DEMO_UNLINKED_CODES].map((c) => c.cc),
    );
    expect(accounts[9].account.active).toBe(false);
    expect(accounts[10].account.cc).toBe('2300000000011');
  });
});
