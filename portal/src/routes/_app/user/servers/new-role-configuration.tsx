import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import {
  serverSearchQueryOptions,
  targetFromSearch,
  targetSearch,
} from '../../../../features/configuration/api/configuration';
import { NewRoleConfigurationPage } from '../../../../features/configuration/components/configuration-pages';
import { TargetSearch } from '../../../../features/configuration/search';
import { pageCustomerId } from '../../../../lib/customers';
import { CustomerScope } from '../../../../shared/customer-scope';
import { Page } from '../../../../shared/page';

export const Route = createFileRoute('/_app/user/servers/new-role-configuration')({
  validateSearch: TargetSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    const customerId = pageCustomerId(context.user);
    // With a target the editor opens, which asks for its configuration afresh itself.
    if (customerId !== null && targetFromSearch(deps) === null)
      void context.queryClient.prefetchQuery(serverSearchQueryOptions(customerId, ''));
  },
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
