import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { summaryQueryOptions } from '../../../../features/time-registration/api/time-registration';
import { SummaryPage } from '../../../../features/time-registration/components/summary-page';
import { monthsAgo } from '../../../../features/time-registration/months';
import { lenient, monthParam } from '../../../../lib/search-params';
import { requireCapability } from '../../../../shared/guards';
import { Page } from '../../../../shared/page';

export const Route = createFileRoute('/_app/admin/hours/summary')({
  validateSearch: z.object({ month: lenient(monthParam) }),
  beforeLoad: requireCapability('timeRegistration.use'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(summaryQueryOptions(deps.month ?? monthsAgo(1)));
  },
  component: SummaryRoute,
});

function SummaryRoute() {
  const { t } = useLingui();
  const { month } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Page title={t`Summary`}>
      <SummaryPage month={month} onMonthChange={(next) => navigate({ search: { month: next } })} />
    </Page>
  );
}
