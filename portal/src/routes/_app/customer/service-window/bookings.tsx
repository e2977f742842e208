import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { can } from '@tidewatch/domain';
import { CustomerScope } from '../../../../app/shell/customer-scope';
import { Page } from '../../../../app/shell/page';
import { BookingsPage } from '../../../../features/service-windows/components/bookings-page';

export const Route = createFileRoute('/_app/customer/service-window/bookings')({
  component: BookingsRoute,
});

function BookingsRoute() {
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  return (
    <Page title={t`Bookings`}>
      <CustomerScope user={user}>
        {(customerId) => (
          <BookingsPage customerId={customerId} canManageFeed={can(user, 'infrastructure.manage')} />
        )}
      </CustomerScope>
    </Page>
  );
}
