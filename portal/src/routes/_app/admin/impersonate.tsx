import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { ImpersonatePage } from '../../../features/impersonation/components/impersonate-page';
import { customersQueryOptions } from '../../../lib/customers';
import { customerIdParam } from '../../../lib/search-params';
import { requireCapability } from '../../../shared/guards';
import { Page } from '../../../shared/page';

/** `?customer=<id>` opens the page with that customer chosen, so a link can point at it. */
const ImpersonateSearch = z.object({ customer: z.optional(customerIdParam) });

export const Route = createFileRoute('/_app/admin/impersonate')({
  validateSearch: ImpersonateSearch,
  beforeLoad: requireCapability('impersonate'),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(customersQueryOptions());
  },
  component: ImpersonateRoute,
});

function ImpersonateRoute() {
  const { t } = useLingui();
  const { customer } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Page title={t`Impersonate`}>
      <ImpersonatePage
        customerId={customer ?? null}
        onCustomerChange={(id) => navigate({ search: { customer: id }, replace: true })}
      />
    </Page>
  );
}
