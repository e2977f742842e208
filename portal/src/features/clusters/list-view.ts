import {
  CLUSTER_PROVIDERS,
  CLUSTER_SORTS,
  CLUSTER_STATUSES,
  CLUSTER_TYPES,
} from '@tidewatch/contract/vocabulary';
import { sortParamOf, type TableSort, tableSortFromParam } from '@tidewatch/ui';
import * as z from 'zod/mini';
import { boundedText, certnameParam, cursorTrail, lenient, queryText } from '../../lib/search-params';
import type { ClusterListQuery } from './api/clusters';

/**
 * The clusters page in the URL: search, filters, sort, the cursors of the pages walked so far (the last
 * is the page shown), and `cluster` for one cluster's detail. Anything malformed is dropped.
 */
export const ClusterListSearch = z.object({
  q: lenient(queryText),
  tag: lenient(boundedText(64)),
  provider: lenient(z.enum(CLUSTER_PROVIDERS)),
  type: lenient(z.enum(CLUSTER_TYPES)),
  status: lenient(z.enum(CLUSTER_STATUSES)),
  sort: lenient(z.enum(CLUSTER_SORTS)),
  cursors: lenient(cursorTrail),
  cluster: lenient(certnameParam),
});
export type ClusterListView = z.output<typeof ClusterListSearch>;

export const PAGE_SIZE = 50;

export function clusterListQueryOf(view: ClusterListView): ClusterListQuery {
  const cursor = view.cursors?.at(-1);
  return {
    ...(view.q && { q: view.q }),
    ...(view.tag && { tag: view.tag }),
    ...(view.provider && { provider: view.provider }),
    ...(view.type && { type: view.type }),
    ...(view.status && { status: view.status }),
    ...(view.sort && { sort: view.sort }),
    limit: PAGE_SIZE,
    ...(cursor && { cursor }),
  };
}

export const hasClusterFilters = (view: ClusterListView) =>
  Boolean(view.q || view.tag || view.provider || view.type || view.status);

export const clusterTableSortOf = (view: ClusterListView): TableSort =>
  tableSortFromParam(view.sort ?? 'name');

export const clusterSortOf = (sort: TableSort): ClusterListView['sort'] => sortParamOf(sort, CLUSTER_SORTS);

/** A new search, filter or sort starts again from the first page. */
export function changeClusterView(view: ClusterListView, change: Partial<ClusterListView>): ClusterListView {
  const next: ClusterListView = { ...view, ...change, cursors: undefined, cluster: undefined };
  for (const key of Object.keys(next) as (keyof ClusterListView)[]) {
    if (next[key] === undefined || next[key] === '') delete next[key];
  }
  return next;
}
