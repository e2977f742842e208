import { SERVER_SORTS } from '@tidewatch/contract/vocabulary';
import { sortParamOf, type TableSort, tableSortFromParam } from '@tidewatch/ui';
import type { ServerListQuery } from './api/servers';
import { DEFAULT_PAGE_SIZE, type ServerListView } from './list-view';

// Apart from the search schemas, which the first screen carries for the router: these load with
// the list and its loader.

export const FILTER_KEYS = ['q', 'tag', 'customer_id', 'distribution', 'version', 'plan', 'status'] as const;

export const hasFilters = (view: ServerListView) => FILTER_KEYS.some((key) => view[key] !== undefined);

/** The filters and sort as the API and the CSV export take them. */
export function filtersOf(view: ServerListView): Record<string, string> {
  const filters: Record<string, string> = {};
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
export function changeView<V extends ServerListView>(view: V, change: Partial<V>): V {
  const next: V = { ...view, ...change, cursors: undefined };
  for (const key of Object.keys(next) as (keyof V)[]) {
    if (next[key] === undefined || next[key] === '') delete next[key];
  }
  return next;
}

export const tableSortOf = (view: ServerListView, fallback = 'certname'): TableSort =>
  tableSortFromParam(view.sort ?? fallback);

export const apiSortOf = (sort: TableSort, sorts: readonly string[] = SERVER_SORTS) =>
  sortParamOf(sort, sorts) as ServerListView['sort'];
