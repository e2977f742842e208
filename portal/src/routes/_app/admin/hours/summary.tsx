import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { monthList } from '@tidewatch/domain';
import * as z from 'zod/mini';
import { requireCapability } from '../../../../app/guards';
import { Page } from '../../../../app/shell/page';
import { summaryQueryOptions } from '../../../../features/time-registration/api/time-registration';
import { localTimeZone } from '../../../../features/time-registration/components/month-select';
import { SummaryPage } from '../../../../features/time-registration/components/summary-page';
import { lenient, monthParam } from '../../../../lib/search-params';

/** Billing looks at the month just closed. */
const lastMonth = () => monthList(new Date(), localTimeZone(), 1)[1] ?? '';

export const Route = createFileRoute('/_app/admin/hours/summary')({
  validateSearch: z.object({ month: lenient(monthParam) }),
  beforeLoad: requireCapability('timeRegistration.use'),
  loaderDeps: ({ search }) => ({ month: search.month ?? lastMonth() }),
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(summaryQueryOptions(deps.month)),
  component: SummaryRoute,
});

function SummaryRoute() {
  const { t } = useLingui();
  const { month } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Page title={t`Summary`}>
      <SummaryPage
        month={month ?? lastMonth()}
        onMonthChange={(next) => navigate({ search: { month: next } })}
      />
    </Page>
  );
}
