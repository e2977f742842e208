import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requireCapability } from '../../../../app/guards';
import { CustomerScope } from '../../../../app/shell/customer-scope';
import { Page } from '../../../../app/shell/page';
import { BookPage } from '../../../../features/service-windows/components/book-page';

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
