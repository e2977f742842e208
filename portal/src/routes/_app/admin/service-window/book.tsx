import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { BookPage } from '../../../../features/service-windows/components/book-page';
import { CustomerScope } from '../../../../shared/customer-scope';
import { requireCapability } from '../../../../shared/guards';
import { Page } from '../../../../shared/page';

export const Route = createFileRoute('/_app/admin/service-window/book')({
  beforeLoad: requireCapability('serviceWindow.book'),
  component: BookRoute,
});

function BookRoute() {
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  return (
    <Page title={t`Book a service window`}>
      <CustomerScope user={user}>{(customerId) => <BookPage customerId={customerId} />}</CustomerScope>
    </Page>
  );
}
