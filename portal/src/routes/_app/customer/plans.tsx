import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PlansPage } from '../../../features/plans/components/plans-page';
import { PlanListSearch, planQueryOf } from '../../../features/plans/list-view';
import { pageCustomerId } from '../../../lib/customers';
import { planSummaryQueryOptions } from '../../../lib/plans';
import { CustomerScope } from '../../../shared/customer-scope';
import { Page } from '../../../shared/page';

export const Route = createFileRoute('/_app/customer/plans')({
  validateSearch: PlanListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    const customerId = pageCustomerId(context.user);
    if (customerId !== null)
      void context.queryClient.prefetchQuery(planSummaryQueryOptions(customerId, planQueryOf(deps)));
  },
  component: PlansRoute,
});

function PlansRoute() {
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  const view = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Page title={t`Plans`}>
      <CustomerScope user={user}>
        {(customerId) => (
          <PlansPage
            customerId={customerId}
            view={view}
            onViewChange={(search, options) => navigate({ search, replace: options?.replace })}
          />
        )}
      </CustomerScope>
    </Page>
  );
}
