import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { ownMonthQueryOptions } from '../../../../features/time-registration/api/time-registration';
import { OverviewPage } from '../../../../features/time-registration/components/overview-page';
import { monthsAgo } from '../../../../features/time-registration/months';
import { customersQueryOptions } from '../../../../lib/customers';
import { lenient, monthParam } from '../../../../lib/search-params';
import { requireCapability } from '../../../../shared/guards';
import { Page } from '../../../../shared/page';

export const Route = createFileRoute('/_app/admin/hours/overview')({
  validateSearch: z.object({ month: lenient(monthParam) }),
  beforeLoad: requireCapability('timeRegistration.use'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(ownMonthQueryOptions(deps.month ?? monthsAgo(0)));
    void context.queryClient.prefetchQuery(customersQueryOptions());
  },
  component: OverviewRoute,
});

function OverviewRoute() {
  const { t } = useLingui();
  const { month } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Page title={t`Overview`}>
      <OverviewPage month={month} onMonthChange={(next) => navigate({ search: { month: next } })} />
    </Page>
  );
}
