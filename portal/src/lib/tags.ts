import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from './api';
import { sessionKeys } from './session';

export const tagKeys = {
  all: ['tags'] as const,
  list: (customerId: string) => [...tagKeys.all, customerId] as const,
};

/** A customer's tags by name, with their type, time zone and member counts. */
export const tagsQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: tagKeys.list(customerId),
    queryFn: ({ signal }) =>
      api.tags.list({ query: { customer_id: customerId }, signal }).then((answer) => answer.data),
  });

/** A tag's change shows nearly everywhere (lists, teams, counts, feature switches): all of it refreshes. */
export const refreshAfterTagChange = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.current[0] });
