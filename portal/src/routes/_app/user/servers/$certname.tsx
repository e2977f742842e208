import { createFileRoute } from '@tanstack/react-router';
import { mayCall, routeTable } from '@tidewatch/contract/client';
import { can } from '@tidewatch/domain';
import { serverDetailQueryOptions } from '../../../../features/servers/api/servers';
import { ServerDetailView } from '../../../../features/servers/components/server-detail';
import { pageCustomerId } from '../../../../lib/customers';
import { CustomerScope } from '../../../../shared/customer-scope';
import { Page } from '../../../../shared/page';

export const Route = createFileRoute('/_app/user/servers/$certname')({
  loader: ({ context, params }) => {
    const customerId = pageCustomerId(context.user);
    if (customerId !== null)
      void context.queryClient.prefetchQuery(serverDetailQueryOptions(customerId, params.certname));
  },
  component: ServerRoute,
});

function ServerRoute() {
  const { user } = Route.useRouteContext();
  const { certname } = Route.useParams();
  return (
    <Page title={certname}>
      <CustomerScope user={user} owned={{ kind: 'server', name: certname }}>
        {(customerId) => (
          <ServerDetailView
            customerId={customerId}
            certname={certname}
            canManage={can(user, 'infrastructure.manage')}
            canRequestChange={mayCall(routeTable.changeRequests.open, user, customerId)}
          />
        )}
      </CustomerScope>
    </Page>
  );
}
