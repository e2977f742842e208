import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshAfterTagChange } from '../../../lib/tags';
import type { InfrastructureChange } from '../../../shared/editors/infrastructure-update';

export type ClusterListQuery = NonNullable<Parameters<typeof api.clusters.list>[0]['query']>;
export type NewCluster = Parameters<typeof api.clusters.create>[0]['body'];

export const clusterKeys = {
  all: ['clusters'] as const,
  ofCustomer: (customerId: string) => [...clusterKeys.all, customerId] as const,
  lists: (customerId: string) => [...clusterKeys.ofCustomer(customerId), 'list'] as const,
  list: (customerId: string, query: ClusterListQuery) => [...clusterKeys.lists(customerId), query] as const,
  detail: (customerId: string, certname: string) =>
    [...clusterKeys.ofCustomer(customerId), 'detail', certname] as const,
};

/** One page of a customer's clusters; the previous page stays on screen while the next loads. */
export const clusterListQueryOptions = (customerId: string, query: ClusterListQuery) =>
  queryOptions({
    queryKey: clusterKeys.list(customerId, query),
    queryFn: ({ signal }) => api.clusters.list({ params: { customer_id: customerId }, query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const clusterDetailQueryOptions = (customerId: string, certname: string) =>
  queryOptions({
    queryKey: clusterKeys.detail(customerId, certname),
    queryFn: ({ signal }) => api.clusters.detail({ params: { customer_id: customerId, certname }, signal }),
    staleTime: 60_000,
  });

/** How often the add-cluster dialog asks whether the cluster has bootstrapped. */
const BOOTSTRAP_POLL_MS = 3000;

/** The new cluster, asked for until its operator has reported in. */
export const bootstrapStatusQueryOptions = (customerId: string, certname: string) =>
  queryOptions({
    ...clusterDetailQueryOptions(customerId, certname),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'registered' ? BOOTSTRAP_POLL_MS : false),
  });

/** Registers a cluster; the answer carries its bootstrap token, shown once. */
export function useCreateCluster(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewCluster) => api.clusters.create({ params: { customer_id: customerId }, body }),
    // Counts, team pages and tag member counts include clusters.
    onSuccess: () => refreshAfterTagChange(queryClient),
  });
}

/** Sets a cluster's tags or plan; the detail shows the answer at once, everything else reloads. */
export function useUpdateCluster(customerId: string, certname: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InfrastructureChange) =>
      api.clusters.update({ params: { customer_id: customerId, certname }, body }),
    onSuccess: (cluster) => {
      queryClient.setQueryData(clusterKeys.detail(customerId, certname), cluster);
      return refreshAfterTagChange(queryClient);
    },
  });
}
