import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { OsPage } from '../../../../features/servers/components/os-page';
import { CustomerScope } from '../../../../shared/customer-scope';
import { Page } from '../../../../shared/page';

export const Route = createFileRoute('/_app/user/servers/os')({ component: OsRoute });

function OsRoute() {
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  return (
    <Page title={t`Operating systems`}>
      <CustomerScope user={user}>{(customerId) => <OsPage customerId={customerId} />}</CustomerScope>
    </Page>
  );
}
