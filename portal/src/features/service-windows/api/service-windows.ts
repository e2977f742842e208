import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookWindowBody, ExemptionStatus, WindowSettings, WindowStatus } from '@tidewatch/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { apiFormErrors } from '../../../lib/forms';
import { refusalText } from '../../../lib/refusals';

export const serviceWindowKeys = {
  all: ['service-windows'] as const,
  customer: (customerId: string) => [...serviceWindowKeys.all, customerId] as const,
  queue: () => [...serviceWindowKeys.all, 'queue'] as const,
};

export const PAGE_SIZE = 25;

export interface WindowQuery {
  tagId?: string | undefined;
  status?: WindowStatus | undefined;
  from?: string | undefined;
  until?: string | undefined;
  sort?: 'start' | '-start';
  cursor?: string | undefined;
  limit?: number;
}

export const windowsQueryOptions = (customerId: string, query: WindowQuery) =>
  queryOptions({
    queryKey: [...serviceWindowKeys.customer(customerId), 'windows', query] as const,
    queryFn: ({ signal }) =>
      api.serviceWindows.windows({
        params: { customer_id: customerId },
        query: {
          tag_id: query.tagId,
          status: query.status,
          from: query.from,
          until: query.until,
          sort: query.sort,
          cursor: query.cursor,
          limit: query.limit ?? PAGE_SIZE,
        },
        signal,
      }),
  });

export const configurationsQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: [...serviceWindowKeys.customer(customerId), 'configurations'] as const,
    queryFn: ({ signal }) =>
      api.serviceWindows
        .configurations({ params: { customer_id: customerId }, signal })
        .then((answer) => answer.data),
  });

export const versionsQueryOptions = (customerId: string, tagId: string) =>
  queryOptions({
    queryKey: [...serviceWindowKeys.customer(customerId), 'versions', tagId] as const,
    queryFn: ({ signal }) =>
      api.serviceWindows
        .versions({ params: { customer_id: customerId, tag_id: tagId }, signal })
        .then((answer) => answer.data),
  });

export const proposalsQueryOptions = (customerId: string, status?: 'pending') =>
  queryOptions({
    queryKey: [...serviceWindowKeys.customer(customerId), 'proposals', status ?? 'all'] as const,
    queryFn: ({ signal }) =>
      api.serviceWindows.proposals({
        params: { customer_id: customerId },
        query: { status, limit: 50 },
        signal,
      }),
  });

export const exemptionsQueryOptions = (
  customerId: string,
  status: z.infer<typeof ExemptionStatus> | undefined,
  cursor?: string,
) =>
  queryOptions({
    queryKey: [
      ...serviceWindowKeys.customer(customerId),
      'exemptions',
      status ?? 'all',
      cursor ?? '',
    ] as const,
    queryFn: ({ signal }) =>
      api.serviceWindows.exemptions({
        params: { customer_id: customerId },
        query: { status, cursor, limit: PAGE_SIZE },
        signal,
      }),
  });

export const calendarFeedQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: [...serviceWindowKeys.customer(customerId), 'calendar-feed'] as const,
    queryFn: ({ signal }) => api.serviceWindows.calendarFeed({ params: { customer_id: customerId }, signal }),
  });

/** Windows, proposals and exemptions change the sidebar's badges too. */
const refresh = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] === serviceWindowKeys.all[0] || query.queryKey[0] === 'count',
  });

function useServiceWindowMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => refresh(queryClient) });
}

type Resolution = { decision: 'accept' | 'reject'; comment: string };

export const useConfigure = (customerId: string) =>
  useServiceWindowMutation((input: { tagId: string; settings: WindowSettings }) =>
    api.serviceWindows.configure({
      params: { customer_id: customerId, tag_id: input.tagId },
      body: input.settings,
    }),
  );

export const usePropose = (customerId: string) =>
  useServiceWindowMutation((input: { tagId: string; settings: WindowSettings; note: string }) =>
    api.serviceWindows.propose({
      params: { customer_id: customerId },
      body: { tag_id: input.tagId, settings: input.settings, note: input.note },
    }),
  );

export const useResolveProposal = (customerId: string) =>
  useServiceWindowMutation((input: { id: string } & Resolution) =>
    api.serviceWindows.resolveProposal({
      params: { customer_id: customerId, proposal_id: input.id },
      body: { decision: input.decision, comment: input.comment },
    }),
  );

export const useRequestExemption = (customerId: string) =>
  useServiceWindowMutation((input: { windowId: string; certnames: string[]; reason: string }) =>
    api.serviceWindows.requestExemption({
      params: { customer_id: customerId },
      body: { window_id: input.windowId, certnames: input.certnames, reason: input.reason },
    }),
  );

export const useResolveExemption = (customerId: string) =>
  useServiceWindowMutation((input: { id: string } & Resolution) =>
    api.serviceWindows.resolveExemption({
      params: { customer_id: customerId, exemption_id: input.id },
      body: { decision: input.decision, comment: input.comment },
    }),
  );

export type BookInput = z.input<typeof BookWindowBody>;

export const useBook = (customerId: string) =>
  useServiceWindowMutation((body: BookInput) =>
    api.serviceWindows.book({ params: { customer_id: customerId }, body }),
  );

export const useCreateCalendarFeed = (customerId: string) =>
  useServiceWindowMutation(() =>
    api.serviceWindows.createCalendarFeed({ params: { customer_id: customerId } }),
  );

export const useRevokeCalendarFeed = (customerId: string) =>
  useServiceWindowMutation(() =>
    api.serviceWindows.revokeCalendarFeed({ params: { customer_id: customerId } }),
  );

/** A refused submission's errors by field; one that names no field lands under `form`. */
export function submissionErrors(error: unknown): Record<string, string[] | undefined> {
  const found = apiFormErrors(error);
  return found?.fieldErrors ?? { form: found?.formErrors ?? [refusalText(error)] };
}

/** Every customer's proposals and exemptions that wait for staff. */
export const staffQueueQueryOptions = () =>
  queryOptions({
    queryKey: serviceWindowKeys.queue(),
    queryFn: ({ signal }) => api.serviceWindows.queue({ signal }),
  });
