import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { can } from '@tidewatch/domain';
import { CustomerScope } from '../../../../app/shell/customer-scope';
import { Page } from '../../../../app/shell/page';
import { ConfigurationPage } from '../../../../features/service-windows/components/configuration-page';

export const Route = createFileRoute('/_app/customer/service-window/configuration')({
  component: ConfigurationRoute,
});

function ConfigurationRoute() {
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  return (
    <Page title={t`Update Configuration`}>
      <CustomerScope user={user}>
        {(customerId) => (
          <ConfigurationPage customerId={customerId} isStaff={can(user, 'serviceWindow.manage')} />
        )}
      </CustomerScope>
    </Page>
  );
}
