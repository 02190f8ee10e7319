import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/lib/clock.ts';
import { ResponseCache } from '../../src/lib/response-cache.ts';
import { testClock } from '../helpers/clock.ts';

/** A computation that resolves when told to, counting how often it ran. */
function gate<T>(value: T) {
  let release!: () => void;
  const opened = new Promise<void>((r) => (release = r));
  const state = { runs: 0, value };
  const compute = async () => {
    state.runs++;
    await opened;
    return state.value;
  };
  return { compute, release, state };
}

describe('ResponseCache', () => {
  it('runs one computation for concurrent misses of a key and shares its entry', async () => {
    const cache = new ResponseCache(systemClock, 5000);
    const g = gate({ a: 1 });
    const all = Promise.all(Array.from({ length: 50 }, () => cache.getOrCompute('k', g.compute)));
    g.release();
    const entries = await all;
    expect(g.state.runs).toBe(1);
    expect(new Set(entries).size).toBe(1);
    expect(entries[0]!.body).toBe('{"a":1}');
    // A hit afterwards is the same entry, without computing again.
    expect(await cache.getOrCompute('k', g.compute)).toBe(entries[0]);
    expect(g.state.runs).toBe(1);
  });

  it('after clear(), a request does not join a read that started before the write, and the stale read is not kept', async () => {
    const cache = new ResponseCache(systemClock, 5000);
    const old = gate('before');
    const first = cache.getOrCompute('k', old.compute);
    cache.clear(); // a write happened while the first read was running
    const fresh = gate('after');
    const second = cache.getOrCompute('k', fresh.compute);
    old.release();
    fresh.release();
    expect((await first).body).toBe('"before"');
    expect((await second).body).toBe('"after"');
    expect(fresh.state.runs).toBe(1);
    expect((await cache.getOrCompute('k', gate('later').compute)).body).toBe('"after"');
  });

  it('shares a failure with the joined requests and retries on the next request', async () => {
    const cache = new ResponseCache(systemClock, 5000);
    let runs = 0;
    const failing = async () => {
      runs++;
      await Promise.resolve();
      throw new Error('boom');
    };
    const results = await Promise.allSettled([
      cache.getOrCompute('k', failing),
      cache.getOrCompute('k', failing),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(runs).toBe(1);
    expect((await cache.getOrCompute('k', async () => 2)).body).toBe('2');
  });

  it('expires entries after the TTL', async () => {
    const clock = testClock();
    const cache = new ResponseCache(clock, 1);
    await cache.getOrCompute('k', async () => 1);
    clock.advance(5);
    expect((await cache.getOrCompute('k', async () => 2)).body).toBe('2');
  });

  it('keeps at most maxBytes of bodies, dropping the oldest entries first', async () => {
    const cache = new ResponseCache(systemClock, 5000, 2000, 25);
    const body = (c: string) => async () => ({ body: c.repeat(10), status: 200 });
    const a = await cache.getOrRender('a', body('a'));
    await cache.getOrRender('b', body('b'));
    expect(await cache.getOrRender('a', body('x'))).toBe(a); // 20 bytes kept: both fit
    await cache.getOrRender('c', body('c')); // 30 > 25: the oldest (a) goes
    expect((await cache.getOrRender('a', body('y'))).body).toBe('y'.repeat(10));
    expect((await cache.getOrRender('c', body('z'))).body).toBe('c'.repeat(10));
  });
});
