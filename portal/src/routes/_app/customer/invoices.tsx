import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { can } from '@tidewatch/domain';
import { invoicesQueryOptions } from '../../../features/invoices/api/invoices';
import { InvoicesPage } from '../../../features/invoices/components/invoices-page';
import { InvoiceSearch, invoiceQueryOf } from '../../../features/invoices/list-view';
import { currentCustomerId, useCurrentCustomerId } from '../../../lib/customers';
import { requireCapability } from '../../../shared/guards';
import { Page } from '../../../shared/page';

export const Route = createFileRoute('/_app/customer/invoices')({
  validateSearch: InvoiceSearch,
  beforeLoad: requireCapability('invoices.read'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(
      invoicesQueryOptions(invoiceQueryOf(deps, currentCustomerId(context.user))),
    );
  },
  component: InvoicesRoute,
});

function InvoicesRoute() {
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  const view = Route.useSearch();
  const navigate = Route.useNavigate();
  const customerId = useCurrentCustomerId(user);
  return (
    <Page title={t`Invoices`}>
      {/* Another customer's page starts afresh: no ticked rows or open dialog carry over. */}
      <InvoicesPage
        key={customerId ?? 'all customers'}
        customerId={customerId}
        staff={can(user, 'customers.readAll')}
        canManageInvoices={can(user, 'invoices.manage')}
        canManageCeilings={can(user, 'expenseCeilings.manage')}
        view={view}
        onViewChange={(search, options) => navigate({ search, replace: options?.replace })}
      />
    </Page>
  );
}
