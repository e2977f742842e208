import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type ActivityQuery = NonNullable<Parameters<typeof api.activity.list>[0]['query']>;

export const activityKeys = {
  list: (customerId: string, query: ActivityQuery) => ['activity', customerId, query] as const,
};

/** One page of a customer's activity, newest first; the previous page stays on screen while the next loads. */
export const activityQueryOptions = (customerId: string, query: ActivityQuery) =>
  queryOptions({
    queryKey: activityKeys.list(customerId, query),
    queryFn: ({ signal }) => api.activity.list({ params: { customer_id: customerId }, query, signal }),
    placeholderData: keepPreviousData,
  });
