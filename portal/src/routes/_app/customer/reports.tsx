import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { prefetchServiceReport } from '../../../features/service-reports/api/service-reports';
import { ServiceReportsPage } from '../../../features/service-reports/components/service-reports-page';
import { pageCustomerId } from '../../../lib/customers';
import { lenient, monthParam } from '../../../lib/search-params';
import { CustomerScope } from '../../../shared/customer-scope';
import { requireCapability } from '../../../shared/guards';
import { Page } from '../../../shared/page';

export const Route = createFileRoute('/_app/customer/reports')({
  validateSearch: z.object({ month: lenient(monthParam) }),
  beforeLoad: requireCapability('serviceReports.read'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    const customerId = pageCustomerId(context.user);
    if (customerId !== null) prefetchServiceReport(context.queryClient, customerId, deps.month);
  },
  component: ReportsRoute,
});

function ReportsRoute() {
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  const { month } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Page title={t`Reports`}>
      <CustomerScope user={user}>
        {(customerId) => (
          <ServiceReportsPage
            customerId={customerId}
            month={month}
            onMonthChange={(next) => navigate({ search: { month: next } })}
          />
        )}
      </CustomerScope>
    </Page>
  );
}
