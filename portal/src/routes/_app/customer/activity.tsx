import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { activityQueryOf, activityQueryOptions } from '../../../features/activity/api/activity';
import { ActivityPage } from '../../../features/activity/components/activity-page';
import { ActivitySearch } from '../../../features/activity/list-view';
import { pageCustomerId } from '../../../lib/customers';
import { CustomerScope } from '../../../shared/customer-scope';
import { requireCapability } from '../../../shared/guards';
import { Page } from '../../../shared/page';

export const Route = createFileRoute('/_app/customer/activity')({
  validateSearch: ActivitySearch,
  beforeLoad: requireCapability('activity.read'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    const customerId = pageCustomerId(context.user);
    if (customerId !== null)
      void context.queryClient.prefetchQuery(activityQueryOptions(customerId, activityQueryOf(deps)));
  },
  component: ActivityRoute,
});

function ActivityRoute() {
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  const view = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Page title={t`Activity`}>
      <CustomerScope user={user}>
        {(customerId) => (
          <ActivityPage
            customerId={customerId}
            view={view}
            onViewChange={(search, options) => navigate({ search, replace: options?.replace })}
          />
        )}
      </CustomerScope>
    </Page>
  );
}
