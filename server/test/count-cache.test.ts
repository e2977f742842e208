import { describe, expect, it } from 'vitest';
import { createCountCache } from '../src/lib/count-cache';

describe('list totals', () => {
  function counting() {
    let nowMs = 0;
    let counts = 0;
    const cache = createCountCache({ ttlMs: 5_000, clock: () => nowMs });
    return {
      cache,
      count: async () => ++counts,
      advance: (ms: number) => {
        nowMs += ms;
      },
      counts: () => counts,
    };
  }

  it('counts a filter once for concurrent and later requests within the TTL', async () => {
    const { cache, count, counts, advance } = counting();
    await Promise.all(Array.from({ length: 20 }, () => cache.get('a', count)));
    advance(4_999);
    expect(await cache.get('a', count)).toBe(1);
    expect(await cache.get('b', count)).toBe(2);
    expect(counts()).toBe(2);
  });

  it('counts again once the TTL has passed or after a write', async () => {
    const { cache, count, advance } = counting();
    await cache.get('a', count);
    advance(5_000);
    expect(await cache.get('a', count)).toBe(2);
    cache.clear();
    expect(await cache.get('a', count)).toBe(3);
  });

  it('keeps no failed count', async () => {
    const { cache, count } = counting();
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', count)).toBe(1);
  });
});
