import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { configurationsQueryOptions } from '../../../../features/service-windows/api/service-windows';
import { BookPage } from '../../../../features/service-windows/components/book-page';
import { customersQueryOptions, pageCustomerId } from '../../../../lib/customers';
import { CustomerScope } from '../../../../shared/customer-scope';
import { requireCapability } from '../../../../shared/guards';
import { Page } from '../../../../shared/page';

export const Route = createFileRoute('/_app/admin/service-window/book')({
  beforeLoad: requireCapability('serviceWindow.book'),
  loader: ({ context }) => {
    const customerId = pageCustomerId(context.user);
    if (customerId !== null) void context.queryClient.prefetchQuery(configurationsQueryOptions(customerId));
    void context.queryClient.prefetchQuery(customersQueryOptions());
  },
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
