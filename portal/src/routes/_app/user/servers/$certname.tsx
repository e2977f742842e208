import { createFileRoute } from '@tanstack/react-router';
import { mayCall, routeTable } from '@tidewatch/contract/client';
import { can } from '@tidewatch/domain';
import { CustomerScope } from '../../../../app/shell/customer-scope';
import { Page } from '../../../../app/shell/page';
import { ServerDetailView } from '../../../../features/servers/components/server-detail';

export const Route = createFileRoute('/_app/user/servers/$certname')({ component: ServerRoute });

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
