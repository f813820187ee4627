import { describe, expect, it } from 'vitest';
import { createBreaker } from './breaker';
import { CommercialUnavailable } from './commercial.client';

describe('the reads’ circuit breaker', () => {
  it('opens after failures in a row, lets one call through when the time is up, closes on its success', async () => {
    let now = 0;
    let calls = 0;
    const b = createBreaker({ failures: 2, openMs: 1000, now: () => now });
    const fail = () => {
      calls += 1;
      return Promise.reject(new CommercialUnavailable('server', '503', 503));
    };
    const ok = () => {
      calls += 1;
      return Promise.resolve('ok');
    };
    await expect(b.run(fail)).rejects.toThrow('503');
    await expect(b.run(fail)).rejects.toThrow('503');
    expect(b.state).toBe('open');
    await expect(b.run(ok)).rejects.toThrow('circuit open');
    expect(calls).toBe(2);
    now = 1000;
    expect(b.state).toBe('half-open');
    await expect(b.run(fail)).rejects.toThrow('503');
    expect(b.state).toBe('open');
    now = 2000;
    await expect(b.run(ok)).resolves.toBe('ok');
    expect(b.state).toBe('closed');
    expect(calls).toBe(4);
  });

  it('an answer that is not a failure to reach it (a 404, a bug) does not count', async () => {
    const b = createBreaker({ failures: 1, openMs: 1000 });
    await expect(b.run(() => Promise.reject(new Error('bug')))).rejects.toThrow('bug');
    expect(b.state).toBe('closed');
  });
});
