import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { can } from '@tidewatch/domain';
import { ChangeRequestsPage } from '../../../../features/configuration/components/change-requests-page';
import { ChangeRequestSearch } from '../../../../features/configuration/search';
import { CustomerScope } from '../../../../shared/customer-scope';
import { Page } from '../../../../shared/page';

export const Route = createFileRoute('/_app/user/servers/merge-request')({
  validateSearch: ChangeRequestSearch,
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
