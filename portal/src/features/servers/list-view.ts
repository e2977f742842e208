import type { ServerFilters } from '@tidewatch/contract';
import { PLAN_IDS, SERVER_SORTS } from '@tidewatch/contract/vocabulary';
import { SERVER_STATUSES } from '@tidewatch/domain';
import { sortParamOf, type TableSort, tableSortFromParam } from '@tidewatch/ui';
import * as z from 'zod/mini';
import { boundedText, cursorTrail, lenient, queryText } from '../../lib/search-params';
import type { ServerListQuery } from './api/servers';

export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 50;

/**
 * The server list's view in the URL, so it can be shared and survives a reload: search,
 * filters, sort, page size and the cursors of the pages walked so far (the last is the page
 * shown; "previous" drops it). Anything malformed is dropped rather than failing the page.
 */
export const ServerListSearch = z.object({
  q: lenient(queryText),
  tag: lenient(boundedText(64)),
  distribution: lenient(boundedText(40)),
  version: lenient(boundedText(40)),
  plan: lenient(z.enum([...PLAN_IDS, 'none'])),
  status: lenient(z.enum(SERVER_STATUSES)),
  sort: lenient(z.enum(SERVER_SORTS)),
  limit: lenient(z.union(PAGE_SIZES.map((size) => z.literal(size)))),
  cursors: lenient(cursorTrail),
});
export type ServerListView = z.infer<typeof ServerListSearch>;

export const FILTER_KEYS = ['q', 'tag', 'distribution', 'version', 'plan', 'status'] as const;

export const hasFilters = (view: ServerListView) => FILTER_KEYS.some((key) => view[key] !== undefined);

/** The filters and sort as the API and the CSV export take them. */
export function filtersOf(view: ServerListView): Partial<ServerFilters> {
  const filters: Partial<ServerFilters> = {};
  for (const key of FILTER_KEYS) {
    const value = view[key];
    if (value !== undefined && value !== '') Object.assign(filters, { [key]: value });
  }
  if (view.sort) filters.sort = view.sort;
  return filters;
}

export function listQueryOf(view: ServerListView): ServerListQuery {
  const cursor = view.cursors?.at(-1);
  return { ...filtersOf(view), limit: view.limit ?? DEFAULT_PAGE_SIZE, ...(cursor && { cursor }) };
}

/** A change of search, filter, sort or page size starts again from the first page. */
export function changeView(view: ServerListView, change: Partial<ServerListView>): ServerListView {
  const next: ServerListView = { ...view, ...change, cursors: undefined };
  for (const key of Object.keys(next) as (keyof ServerListView)[]) {
    if (next[key] === undefined || next[key] === '') delete next[key];
  }
  return next;
}

export const tableSortOf = (view: ServerListView): TableSort => tableSortFromParam(view.sort ?? 'certname');

export const apiSortOf = (sort: TableSort): ServerListView['sort'] => sortParamOf(sort, SERVER_SORTS);
