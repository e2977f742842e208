import {
  Certname,
  CLUSTER_PROVIDERS,
  CLUSTER_SORTS,
  CLUSTER_TYPES,
  ClusterStatus,
} from '@tidewatch/contract';
import { sortParamOf, type TableSort, tableSortFromParam } from '@tidewatch/ui';
import { z } from 'zod';
import type { ClusterListQuery } from './api/clusters';

/**
 * The clusters page in the URL: search, filters, sort, the cursors of the pages walked so far (the last
 * is the page shown), and `cluster` for one cluster's detail. Anything malformed is dropped.
 */
export const ClusterListSearch = z.object({
  q: z
    .union([z.string(), z.number().transform(String)])
    .pipe(z.string().max(100))
    .optional()
    .catch(undefined),
  tag: z.string().max(64).optional().catch(undefined),
  provider: z.enum(CLUSTER_PROVIDERS).optional().catch(undefined),
  type: z.enum(CLUSTER_TYPES).optional().catch(undefined),
  status: ClusterStatus.optional().catch(undefined),
  sort: z.enum(CLUSTER_SORTS).optional().catch(undefined),
  cursors: z.array(z.string().max(512)).max(1000).optional().catch(undefined),
  cluster: Certname.optional().catch(undefined),
});
export type ClusterListView = z.infer<typeof ClusterListSearch>;

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
