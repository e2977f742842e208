import { t } from '@lingui/core/macro';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Plan, PlanTargetKind } from '@tidewatch/contract';
import { finance } from './finance';
import { notify } from './notify';
import { refusalText } from './refusals';
import { sessionKeys } from './session';

export type PlanQuery = NonNullable<NonNullable<Parameters<typeof finance.plans.planSummary>[0]>['query']>;

export const planKeys = {
  summary: (customerId: string, query: PlanQuery) => ['plans', customerId, query] as const,
};

/** A page of servers' and clusters' plans, the changes waiting, and the trial: from the finance API. */
export const planSummaryQueryOptions = (customerId: string, query: PlanQuery) =>
  queryOptions({
    queryKey: planKeys.summary(customerId, query),
    queryFn: ({ signal }) =>
      finance.plans.planSummary({ params: { customer_id: customerId }, query, signal }),
    placeholderData: keepPreviousData,
  });

/** Changes a plan on the finance API; every view showing plans reads them again. */
export function useChangePlan(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { kind: PlanTargetKind; certname: string; plan: Plan | null }) =>
      finance.plans.changePlan({ params: { customer_id: customerId }, body: change }),
    // Told here rather than by the caller, which the refetch below may have replaced meanwhile.
    onSuccess: () => {
      notify.success(t`Plan saved`);
      // A plan shows in lists, details and counts alike; the session is not one of them.
      return queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== sessionKeys.current[0],
      });
    },
    onError: (error) => notify.error(t`The plan could not be saved`, refusalText(error)),
  });
}
