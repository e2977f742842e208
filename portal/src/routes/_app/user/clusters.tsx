import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { can } from '@tidewatch/domain';
import { clusterDetailQueryOptions, clusterListQueryOptions } from '../../../features/clusters/api/clusters';
import { ClusterDetail } from '../../../features/clusters/components/cluster-detail';
import { ClusterList } from '../../../features/clusters/components/cluster-list';
import { clusterListQueryOf } from '../../../features/clusters/list-query';
import { ClusterListSearch } from '../../../features/clusters/list-view';
import { pageCustomerId } from '../../../lib/customers';
import { CustomerScope } from '../../../shared/customer-scope';
import { Page } from '../../../shared/page';

export const Route = createFileRoute('/_app/user/clusters')({
  validateSearch: ClusterListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    const customerId = pageCustomerId(context.user);
    if (customerId === null) return;
    if (deps.cluster)
      void context.queryClient.prefetchQuery(clusterDetailQueryOptions(customerId, deps.cluster));
    else
      void context.queryClient.prefetchQuery(clusterListQueryOptions(customerId, clusterListQueryOf(deps)));
  },
  component: ClustersRoute,
});

function ClustersRoute() {
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  const view = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Page title={view.cluster ? t`Cluster` : t`Clusters`}>
      <CustomerScope user={user} owned={view.cluster ? { kind: 'cluster', name: view.cluster } : undefined}>
        {(customerId) =>
          view.cluster ? (
            <ClusterDetail
              customerId={customerId}
              certname={view.cluster}
              canManage={can(user, 'infrastructure.manage')}
            />
          ) : (
            <ClusterList
              customerId={customerId}
              canManage={can(user, 'infrastructure.manage')}
              view={view}
              onViewChange={(search, options) => navigate({ search, replace: options?.replace })}
            />
          )
        }
      </CustomerScope>
    </Page>
  );
}
