import { useLingui } from '@lingui/react/macro';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeRequestDetail } from '@tidewatch/contract';
import { api } from '../../../lib/api';
import { refreshAfterTagChange } from '../../../lib/tags';

export type ChangeRequestStatus = ChangeRequestDetail['status'];

export const changeRequestKeys = {
  all: (customerId: string) => ['change-requests', customerId] as const,
  list: (customerId: string, status: ChangeRequestStatus | undefined) =>
    [...changeRequestKeys.all(customerId), 'list', status ?? 'all'] as const,
  detail: (customerId: string, number: number) => [...changeRequestKeys.all(customerId), number] as const,
};

/** Change requests, newest first; all of them or those in one state. */
export const changeRequestsQueryOptions = (customerId: string, status?: ChangeRequestStatus) =>
  queryOptions({
    queryKey: changeRequestKeys.list(customerId, status),
    queryFn: ({ signal }) =>
      api.changeRequests
        .list({ params: { customer_id: customerId }, query: { status }, signal })
        .then((answer) => answer.data),
  });

export const changeRequestQueryOptions = (customerId: string, number: number) =>
  queryOptions({
    queryKey: changeRequestKeys.detail(customerId, number),
    queryFn: ({ signal }) =>
      api.changeRequests.detail({ params: { customer_id: customerId, number }, signal }),
  });

/** Merges (the proposal becomes the live configuration) or closes a change request. */
export function useResolveChangeRequest(customerId: string) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t`The change request could not be resolved` },
    mutationFn: ({ number, merge }: { number: number; merge: boolean }) =>
      (merge ? api.changeRequests.merge : api.changeRequests.close)({
        params: { customer_id: customerId, number },
      }),
    onSuccess: (detail) => {
      queryClient.setQueryData(changeRequestKeys.detail(customerId, detail.number), detail);
      // A merge changes roles that lists, details and counts show.
      return refreshAfterTagChange(queryClient);
    },
  });
}
