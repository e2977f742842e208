import { EXACT_TOTAL_LIMIT } from '@tidewatch/contract';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servers } from '../src/db/schema';
import { boundedTotal } from '../src/lib/bounded-total';
import { openSeededTestDatabase } from './helpers';

describe('bounded totals', () => {
  let opened: Awaited<ReturnType<typeof openSeededTestDatabase>>;
  beforeAll(async () => {
    opened = await openSeededTestDatabase();
  }, 60_000);
  afterAll(() => opened.dispose());

  const matching = () => opened.handle.db.select({ one: sql`1` }).from(servers);

  it('counts exactly up to the limit', async () => {
    const [row] = await opened.handle.db.select({ n: count() }).from(servers);
    const exact = row?.n ?? 0;
    expect(exact).toBeLessThan(EXACT_TOTAL_LIMIT);
    expect(await boundedTotal(opened.handle.db, matching())).toEqual({ total: exact, isEstimate: false });
    expect(await boundedTotal(opened.handle.db, matching(), exact)).toEqual({
      total: exact,
      isEstimate: false,
    });
  });

  it("gives the planner's estimate, flagged, above the limit", async () => {
    const [row] = await opened.handle.db.select({ n: count() }).from(servers);
    const exact = row?.n ?? 0;
    const estimated = await boundedTotal(opened.handle.db, matching(), 2);
    expect(estimated.isEstimate).toBe(true);
    // Never below what the bounded count proved.
    expect(estimated.total).toBeGreaterThanOrEqual(3);
    expect(Number(estimated.total.toPrecision(2))).toBe(estimated.total);
    expect(exact).toBeGreaterThan(2);
  });
});
