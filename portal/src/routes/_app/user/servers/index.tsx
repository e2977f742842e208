import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { can } from '@tidewatch/domain';
import { serverListQueryOptions } from '../../../../features/servers/api/servers';
import { ServerList } from '../../../../features/servers/components/server-list';
import { listQueryOf } from '../../../../features/servers/list-query';
import { ServerListSearch } from '../../../../features/servers/list-view';
import { pageCustomerId } from '../../../../lib/customers';
import { CustomerScope } from '../../../../shared/customer-scope';
import { Page } from '../../../../shared/page';

export const Route = createFileRoute('/_app/user/servers/')({
  validateSearch: ServerListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    const customerId = pageCustomerId(context.user);
    if (customerId !== null)
      void context.queryClient.prefetchQuery(serverListQueryOptions(customerId, listQueryOf(deps)));
  },
  component: ServersRoute,
});

function ServersRoute() {
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  const view = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Page title={t`Servers`}>
      <CustomerScope user={user}>
        {(customerId) => (
          <ServerList
            customerId={customerId}
            canManage={can(user, 'infrastructure.manage')}
            view={view}
            onViewChange={(search, options) => navigate({ search, replace: options?.replace })}
          />
        )}
      </CustomerScope>
    </Page>
  );
}
