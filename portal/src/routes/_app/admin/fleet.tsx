import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { serverListQueryOptions } from '../../../features/servers/api/servers';
import { ServerList } from '../../../features/servers/components/server-list';
import { listQueryOf } from '../../../features/servers/list-query';
import { FleetListSearch } from '../../../features/servers/list-view';
import { requireCapability } from '../../../shared/guards';
import { Page } from '../../../shared/page';

export const Route = createFileRoute('/_app/admin/fleet')({
  validateSearch: FleetListSearch,
  beforeLoad: requireCapability('fleet.view'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(serverListQueryOptions(null, listQueryOf(deps)));
  },
  component: FleetRoute,
});

function FleetRoute() {
  const { t } = useLingui();
  const view = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Page title={t`Fleet`}>
      <ServerList
        customerId={null}
        canManage={false}
        view={view}
        onViewChange={(search, options) => navigate({ search, replace: options?.replace })}
      />
    </Page>
  );
}
