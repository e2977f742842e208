import * as z from 'zod/mini';
import type { PlanQuery } from '../../lib/plans';
import { cursorTrail, lenient, queryText } from '../../lib/search-params';

/** The plan list in the URL: search and the cursors of the pages walked so far. */
export const PlanListSearch = z.object({
  q: lenient(queryText),
  cursors: lenient(cursorTrail),
});
export type PlanListView = z.output<typeof PlanListSearch>;

export const PAGE_SIZE = 25;

export function planQueryOf(view: PlanListView): PlanQuery {
  const cursor = view.cursors?.at(-1);
  return { limit: PAGE_SIZE, ...(view.q && { q: view.q }), ...(cursor && { cursor }) };
}
