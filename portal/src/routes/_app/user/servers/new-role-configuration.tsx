import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { targetFromSearch, targetSearch } from '../../../../features/configuration/api/configuration';
import { NewRoleConfigurationPage } from '../../../../features/configuration/components/configuration-pages';
import { TargetSearch } from '../../../../features/configuration/search';
import { CustomerScope } from '../../../../shared/customer-scope';
import { Page } from '../../../../shared/page';

export const Route = createFileRoute('/_app/user/servers/new-role-configuration')({
  validateSearch: TargetSearch,
  component: NewRoleConfigurationRoute,
});

function NewRoleConfigurationRoute() {
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Page title={t`New role configuration`}>
      {/* A link to a server's configuration opens at the server's customer, for staff too. */}
      <CustomerScope user={user} owned={search.server ? { kind: 'server', name: search.server } : undefined}>
        {(customerId) => (
          <NewRoleConfigurationPage
            customerId={customerId}
            target={targetFromSearch(search)}
            onTargetChange={(target) => navigate({ search: targetSearch(target), replace: true })}
          />
        )}
      </CustomerScope>
    </Page>
  );
}
