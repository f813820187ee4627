import { describe, expect, it } from 'vitest';
import { coalesce } from './coalesce';

describe('coalesced reads', () => {
  it('answers the calls of one turn with one read, each its own value', async () => {
    const batches: number[][] = [];
    const double = coalesce(async (keys: number[]) => {
      batches.push(keys);
      return keys.map((k) => k * 2);
    });
    expect(await Promise.all([double(1), double(2), double(3)])).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('never joins a batch already sent: calls made meanwhile go in the next one', async () => {
    const batches: string[][] = [];
    let release!: () => void;
    const read = coalesce(
      async (keys: string[]) => {
        batches.push(keys);
        if (batches.length === 1) await new Promise<void>((done) => (release = done));
        return keys;
      },
      { inFlight: 1 },
    );
    const first = read('a');
    await new Promise((r) => setImmediate(r));
    expect(batches).toEqual([['a']]); // out, waiting for the database
    const later = [read('b'), read('c')];
    await new Promise((r) => setImmediate(r));
    expect(batches).toHaveLength(1); // one batch at a time: b and c wait together
    release();
    expect(await first).toBe('a');
    expect(await Promise.all(later)).toEqual(['b', 'c']);
    expect(batches).toEqual([['a'], ['b', 'c']]);
  });

  it("keeps one call's failure its own: a failed batch is read again call by call", async () => {
    const batches: number[][] = [];
    const read = coalesce(async (keys: number[]) => {
      batches.push(keys);
      if (keys.includes(-1)) throw new Error('bad input');
      return keys;
    });
    const got = await Promise.allSettled([read(1), read(-1), read(2)]);
    expect(got).toEqual([
      { status: 'fulfilled', value: 1 },
      { status: 'rejected', reason: new Error('bad input') },
      { status: 'fulfilled', value: 2 },
    ]);
    expect(batches).toEqual([[1, -1, 2], [1], [-1], [2]]);
  });

  it('fails each call when the database fails, and reads again for the next', async () => {
    let fail = true;
    const read = coalesce(async (keys: number[]) => {
      if (fail) throw new Error('down');
      return keys;
    });
    const got = await Promise.allSettled([read(1), read(2)]);
    expect(got.map((g) => g.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await read(3)).toBe(3);
  });

  it('splits a long queue into batches of at most `max`', async () => {
    const sizes: number[] = [];
    const read = coalesce(
      async (keys: number[]) => {
        sizes.push(keys.length);
        return keys;
      },
      { max: 4, inFlight: 8 },
    );
    expect(await Promise.all(Array.from({ length: 10 }, (_, k) => read(k)))).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    expect(sizes).toEqual([4, 4, 2]);
  });
});
