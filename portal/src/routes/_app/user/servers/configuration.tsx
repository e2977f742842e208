import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { changeRequestsQueryOptions } from '../../../../features/configuration/api/change-requests';
import {
  serverSearchQueryOptions,
  targetConfigurationQueryOptions,
  targetFromSearch,
  targetSearch,
} from '../../../../features/configuration/api/configuration';
import { ConfigurationPage } from '../../../../features/configuration/components/configuration-pages';
import { TargetSearch } from '../../../../features/configuration/search';
import { pageCustomerId } from '../../../../lib/customers';
import { CustomerScope } from '../../../../shared/customer-scope';
import { Page } from '../../../../shared/page';

export const Route = createFileRoute('/_app/user/servers/configuration')({
  validateSearch: TargetSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    const customerId = pageCustomerId(context.user);
    if (customerId === null) return;
    const target = targetFromSearch(deps);
    if (target === null) {
      void context.queryClient.prefetchQuery(serverSearchQueryOptions(customerId, ''));
      return;
    }
    void context.queryClient.prefetchQuery(targetConfigurationQueryOptions(customerId, target));
    void context.queryClient.prefetchQuery(changeRequestsQueryOptions(customerId, 'open'));
  },
  component: ConfigurationRoute,
});

function ConfigurationRoute() {
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Page title={t`Configuration`}>
      {/* A link to a server's configuration opens at the server's customer, for staff too. */}
      <CustomerScope user={user} owned={search.server ? { kind: 'server', name: search.server } : undefined}>
        {(customerId) => (
          <ConfigurationPage
            customerId={customerId}
            target={targetFromSearch(search)}
            onTargetChange={(target) => navigate({ search: targetSearch(target), replace: true })}
          />
        )}
      </CustomerScope>
    </Page>
  );
}
