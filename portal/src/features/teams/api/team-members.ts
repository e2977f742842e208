import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { teamKeys } from './teams-query-options';

const teamKey = (customerId: string, name: string, part: string) =>
  [...teamKeys.byCustomer(customerId), name, part] as const;

/** The team's servers (spec section 7: GET /tags/team/servers, `data.data`); 404 for no such team. */
export const teamServersQueryOptions = (customerId: string, name: string) =>
  queryOptions({
    queryKey: teamKey(customerId, name, 'servers'),
    queryFn: ({ signal }) =>
      api.tags
        .teamServers({ query: { customer_id: customerId, name }, signal })
        .then((answer) => answer.data),
  });

/** The team's clusters (GET /tags/team/clusters, `data.data`). */
export const teamClustersQueryOptions = (customerId: string, name: string) =>
  queryOptions({
    queryKey: teamKey(customerId, name, 'clusters'),
    queryFn: ({ signal }) =>
      api.tags
        .teamClusters({ query: { customer_id: customerId, name }, signal })
        .then((answer) => answer.data),
  });

/** Who is reached for the team (GET /contacts?customer-id&tag). */
export const teamContactsQueryOptions = (customerId: string, name: string) =>
  queryOptions({
    queryKey: teamKey(customerId, name, 'contacts'),
    queryFn: ({ signal }) =>
      api.contacts
        .list({ query: { 'customer-id': customerId, tag: name }, signal })
        .then((answer) => answer.data),
  });
