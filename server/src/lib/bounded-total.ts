import { EXACT_TOTAL_LIMIT } from '@tidewatch/contract';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { resultRows } from './result-rows';

/** How many rows match a filter, and whether that is the planner's estimate rather than a count. */
export interface BoundedTotal {
  total: number;
  isEstimate: boolean;
}

/** An estimate shown as "about …": two significant digits are all it honestly has. */
const roughly = (n: number) => Number(n.toPrecision(2));

/**
 * The number of rows `matching` (a select of the filtered rows, built by a repository) returns,
 * reading at most `exactUpTo + 1` of them, so a million-row filter costs no more than a small one.
 */
export async function boundedTotal(
  // Whatever runs a statement (the database or a transaction); lib sits below db, so it names no client.
  db: { execute(query: SQL): PromiseLike<unknown> },
  matching: SQLWrapper,
  exactUpTo = EXACT_TOTAL_LIMIT,
): Promise<BoundedTotal> {
  const [counted] = resultRows<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from (${matching} limit ${exactUpTo + 1}) as matching`),
  );
  const n = Number(counted?.n ?? 0);
  if (n <= exactUpTo) return { total: n, isEstimate: false };
  const [explained] = resultRows<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    await db.execute(sql`explain (format json) ${matching}`),
  );
  const planned = explained?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0;
  // The count proved more than the limit match, whatever the statistics say.
  return { total: roughly(Math.max(planned, n)), isEstimate: true };
}

/** A page's total as the contract's `pageOf` gives it: null after the first page. */
export const pageTotal = (counted: BoundedTotal | null) => ({
  total: counted?.total ?? null,
  total_is_estimate: counted?.isEstimate ?? false,
});

/** The total of a filter that cannot match anything, known without asking. */
export const NO_ROWS: BoundedTotal = { total: 0, isEstimate: false };
