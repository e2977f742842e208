import type { BoundedTotal } from './bounded-total';

/** How many filters' totals are kept at most; the oldest goes first. */
const MAX_ENTRIES = 1_000;

/**
 * Totals of filtered lists, counted once per filter and kept briefly, so that paging and many
 * readers of the same list cost one count. Concurrent requests for one filter share one count.
 */
export function createCountCache<Total>(options: { ttlMs: number; clock?: () => number }) {
  const clock = options.clock ?? (() => performance.now());
  const entries = new Map<string, { total: Promise<Total>; until: number }>();
  return {
    get(key: string, count: () => Promise<Total>): Promise<Total> {
      const at = clock();
      const kept = entries.get(key);
      if (kept && kept.until > at) return kept.total;
      entries.delete(key);
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      const total = count();
      entries.set(key, { total, until: at + options.ttlMs });
      // A failed count is not kept: the next request counts again.
      total.catch(() => entries.delete(key));
      return total;
    },
    /** After a write here: the next request counts afresh. */
    clear() {
      entries.clear();
    },
  };
}

export type CountCache = ReturnType<typeof createCountCache<BoundedTotal>>;
