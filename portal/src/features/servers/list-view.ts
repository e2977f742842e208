import { PLAN_IDS, SERVER_SORTS, type ServerFilters, ServerStatus } from '@tidewatch/contract';
import { sortParamOf, type TableSort, tableSortFromParam } from '@tidewatch/ui';
import { z } from 'zod';
import type { ServerListQuery } from './api/servers';

export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 50;

/**
 * The server list's view in the URL, so it can be shared and survives a reload: search,
 * filters, sort, page size and the cursors of the pages walked so far (the last is the page
 * shown; "previous" drops it). Anything malformed is dropped rather than failing the page.
 */
export const ServerListSearch = z.object({
  q: z
    .union([z.string(), z.number().transform(String)])
    .pipe(z.string().max(100))
    .optional()
    .catch(undefined),
  tag: z.string().max(64).optional().catch(undefined),
  distribution: z.string().max(40).optional().catch(undefined),
  version: z.string().max(40).optional().catch(undefined),
  plan: z
    .enum([...PLAN_IDS, 'none'])
    .optional()
    .catch(undefined),
  status: ServerStatus.optional().catch(undefined),
  sort: z.enum(SERVER_SORTS).optional().catch(undefined),
  limit: z
    .union(PAGE_SIZES.map((size) => z.literal(size)))
    .optional()
    .catch(undefined),
  cursors: z.array(z.string().max(512)).max(1000).optional().catch(undefined),
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
