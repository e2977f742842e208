import { CLUSTER_SORTS } from '@tidewatch/contract/vocabulary';
import { sortParamOf, type TableSort, tableSortFromParam } from '@tidewatch/ui';
import type { ClusterListQuery } from './api/clusters';
import { type ClusterListView, PAGE_SIZE } from './list-view';

// Apart from the search schema, which the first screen carries for the router: these load with
// the list and its loader.

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
