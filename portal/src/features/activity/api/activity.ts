import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fillPath } from '@tidewatch/contract';
import { routeTable } from '@tidewatch/contract/client';
import { api } from '../../../lib/api';
import type { ActivityView } from '../list-view';

export type ActivityQuery = NonNullable<Parameters<typeof api.activity.list>[0]['query']>;
export type ActivityExportFormat = NonNullable<
  NonNullable<Parameters<typeof api.activity.export>[0]['query']>['format']
>;

export const PAGE_SIZE = 25;

/** The start of a day in the browser's time zone, so "from 3 November" means the viewer's 3 November. */
const startOfDay = (day: string, plusDays = 0) => {
  const date = new Date(`${day}T00:00:00`);
  date.setDate(date.getDate() + plusDays);
  return date.toISOString();
};

/** The page of activity a view shows, as the API takes it. */
export function activityQueryOf(view: ActivityView): ActivityQuery {
  const cursor = view.cursors?.at(-1);
  return {
    limit: PAGE_SIZE,
    ...(view.kind && { kind: view.kind }),
    ...(view.from && { since: startOfDay(view.from) }),
    ...(view.to && { until: startOfDay(view.to, 1) }),
    ...(cursor && { cursor }),
  };
}

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

/**
 * The export of the activity between the list's dates, every kind, oldest first: a plain link, so
 * the browser downloads it with the session cookie.
 */
export function activityExportUrl(
  customerId: string,
  { since, until }: Pick<ActivityQuery, 'since' | 'until'>,
  format: ActivityExportFormat,
): string {
  const query = new URLSearchParams({ ...(since && { from: since }), ...(until && { to: until }), format });
  return `/api${fillPath(routeTable.activity.export.path, { customer_id: customerId })}?${query}`;
}
