import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { can } from '@tidewatch/domain';
import {
  changeRequestQueryOptions,
  changeRequestsQueryOptions,
} from '../../../../features/configuration/api/change-requests';
import { ChangeRequestsPage } from '../../../../features/configuration/components/change-requests-page';
import { ChangeRequestSearch } from '../../../../features/configuration/search';
import { pageCustomerId } from '../../../../lib/customers';
import { CustomerScope } from '../../../../shared/customer-scope';
import { Page } from '../../../../shared/page';

export const Route = createFileRoute('/_app/user/servers/merge-request')({
  validateSearch: ChangeRequestSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    const customerId = pageCustomerId(context.user);
    if (customerId === null) return;
    if (deps.number === undefined)
      void context.queryClient.prefetchQuery(changeRequestsQueryOptions(customerId, deps.status));
    else void context.queryClient.prefetchQuery(changeRequestQueryOptions(customerId, deps.number));
  },
  component: MergeRequestRoute,
});

function MergeRequestRoute() {
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  const { number, status } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Page title={t`Change requests`}>
      <CustomerScope user={user}>
        {(customerId) => (
          <ChangeRequestsPage
            customerId={customerId}
            canResolve={can(user, 'changeRequests.resolve')}
            number={number}
            status={status}
            onStatusChange={(next) => navigate({ search: { status: next }, replace: true })}
          />
        )}
      </CustomerScope>
    </Page>
  );
}
