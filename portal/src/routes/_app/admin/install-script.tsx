import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { InstallScriptPage } from '../../../features/servers/components/install-script-page';
import { customersQueryOptions } from '../../../lib/customers';
import { customerIdParam, lenient } from '../../../lib/search-params';
import { requireCapability } from '../../../shared/guards';
import { Page } from '../../../shared/page';

/** `?customer=<id>` opens the page with that customer chosen, so a link can point at it. */
const InstallScriptSearch = z.object({ customer: lenient(customerIdParam) });

export const Route = createFileRoute('/_app/admin/install-script')({
  validateSearch: InstallScriptSearch,
  beforeLoad: requireCapability('customers.manageAll'),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(customersQueryOptions());
  },
  component: InstallScriptRoute,
});

function InstallScriptRoute() {
  const { t } = useLingui();
  const { customer } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Page title={t`Install script`}>
      <InstallScriptPage
        customerId={customer ?? null}
        onCustomerChange={(id) => navigate({ search: { customer: id ?? undefined }, replace: true })}
      />
    </Page>
  );
}
