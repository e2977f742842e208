import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  contract,
  type FleetFilters,
  type FleetServer,
  fillPath,
  type ServerFilters,
  type ServerSummary,
} from '@tidewatch/contract';
import { api } from '../../../lib/api';
import { refreshAfterTagChange } from '../../../lib/tags';
import type { InfrastructureChange } from '../../../shared/editors/infrastructure-update';

/** A list view: the filters, the sort and the page (a cursor from the previous page). */
export interface ServerListQuery extends Partial<Omit<ServerFilters, 'sort'> & FleetFilters> {
  cursor?: string;
  limit: number;
}

/** A row of either list: the fleet's rows also name their customer. */
export type ListedServer = ServerSummary & Partial<Pick<FleetServer, 'customer_id' | 'customer_name'>>;

export const serverKeys = {
  all: ['servers'] as const,
  /** `:` is in no customer id, so the fleet's key never meets a customer's. */
  fleetPages: () => [...serverKeys.all, ':fleet'] as const,
  fleet: (query: ServerListQuery) => [...serverKeys.fleetPages(), query] as const,
  ofCustomer: (customerId: string) => [...serverKeys.all, customerId] as const,
  lists: (customerId: string) => [...serverKeys.ofCustomer(customerId), 'list'] as const,
  list: (customerId: string, query: ServerListQuery) => [...serverKeys.lists(customerId), query] as const,
  detail: (customerId: string, certname: string) =>
    [...serverKeys.ofCustomer(customerId), 'detail', certname] as const,
  os: (customerId: string) => [...serverKeys.ofCustomer(customerId), 'os'] as const,
};

/**
 * One page of a customer's servers, or with no customer of the fleet's (staff); the previous
 * page stays on screen while the next loads.
 */
export const serverListQueryOptions = (customerId: string | null, query: ServerListQuery) =>
  queryOptions({
    queryKey: customerId ? serverKeys.list(customerId, query) : serverKeys.fleet(query),
    queryFn: ({
      signal,
    }): Promise<{ data: ListedServer[]; next_cursor: string | null; total: number | null }> =>
      customerId
        ? api.servers.list({
            params: { customer_id: customerId },
            query: query as ServerListQuery & Partial<ServerFilters>,
            signal,
          })
        : api.fleet.list({ query, signal }),
    placeholderData: keepPreviousData,
    // Statuses and last pings move; a list a minute old is asked for again when shown.
    staleTime: 60_000,
  });

export const serverDetailQueryOptions = (customerId: string, certname: string) =>
  queryOptions({
    queryKey: serverKeys.detail(customerId, certname),
    queryFn: ({ signal }) => api.servers.detail({ params: { customer_id: customerId, certname }, signal }),
    staleTime: 60_000,
  });

/** Servers by distribution and version with end of life: the OS page, and the list's OS filter. */
export const osSummaryQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: serverKeys.os(customerId),
    queryFn: ({ signal }) =>
      api.servers.os({ params: { customer_id: customerId }, signal }).then((answer) => answer.data),
  });

/**
 * The CSV of every server the filters match, of a customer or the fleet (the browser downloads
 * it with the session cookie).
 */
export function serverExportUrl(customerId: string | null, filters: Record<string, string>): string {
  const query = new URLSearchParams(filters);
  const path = customerId
    ? fillPath(contract.servers.export.path, { customer_id: customerId })
    : contract.fleet.export.path;
  return `/api${path}${query.size ? `?${query}` : ''}`;
}

/** A server's tags or plan show in lists, tag member counts, teams and badges: all of them refresh. */
function useRefreshServers() {
  const queryClient = useQueryClient();
  return () => refreshAfterTagChange(queryClient);
}

export function useBulkTag(customerId: string) {
  const refresh = useRefreshServers();
  return useMutation({
    mutationFn: (body: { certnames: string[]; add?: string[]; remove?: string[] }) =>
      api.servers.bulkTags({ params: { customer_id: customerId }, body }),
    onSuccess: refresh,
  });
}

export function useUpdateServer(customerId: string, certname: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshServers();
  return useMutation({
    mutationFn: (body: InfrastructureChange) =>
      api.servers.update({ params: { customer_id: customerId, certname }, body }),
    onSuccess: (server) => {
      queryClient.setQueryData(serverKeys.detail(customerId, certname), server);
      return refresh();
    },
  });
}
