import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requireCapability } from '../../../../app/guards';
import { CustomerScope } from '../../../../app/shell/customer-scope';
import { Page } from '../../../../app/shell/page';
import { AddServer } from '../../../../features/servers/components/add-server';

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
