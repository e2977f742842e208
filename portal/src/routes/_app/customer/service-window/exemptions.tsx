import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { can } from '@tidewatch/domain';
import { CustomerScope } from '../../../../app/shell/customer-scope';
import { Page } from '../../../../app/shell/page';
import { ExemptionsPage } from '../../../../features/service-windows/components/exemptions-page';

export const Route = createFileRoute('/_app/customer/service-window/exemptions')({
  component: ExemptionsRoute,
});

function ExemptionsRoute() {
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  return (
    <Page title={t`Exemptions`}>
      <CustomerScope user={user}>
        {(customerId) => (
          <ExemptionsPage customerId={customerId} canResolve={can(user, 'serviceWindow.manage')} />
        )}
      </CustomerScope>
    </Page>
  );
}
