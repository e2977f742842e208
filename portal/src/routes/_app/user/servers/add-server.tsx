import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { AddServer } from '../../../../features/servers/components/add-server';
import { CustomerScope } from '../../../../shared/customer-scope';
import { requireCapability } from '../../../../shared/guards';
import { Page } from '../../../../shared/page';

export const Route = createFileRoute('/_app/user/servers/add-server')({
  beforeLoad: requireCapability('infrastructure.manage'),
  component: AddServerRoute,
});

function AddServerRoute() {
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  return (
    <Page title={t`Add server`}>
      <CustomerScope user={user}>{(customerId) => <AddServer customerId={customerId} />}</CustomerScope>
    </Page>
  );
}
