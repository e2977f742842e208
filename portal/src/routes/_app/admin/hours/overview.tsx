import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { monthList } from '@tidewatch/domain';
import * as z from 'zod/mini';
import { requireCapability } from '../../../../app/guards';
import { Page } from '../../../../app/shell/page';
import { ownMonthQueryOptions } from '../../../../features/time-registration/api/time-registration';
import { localTimeZone } from '../../../../features/time-registration/components/month-select';
import { OverviewPage } from '../../../../features/time-registration/components/overview-page';
import { lenient, monthParam } from '../../../../lib/search-params';

const thisMonth = () => monthList(new Date(), localTimeZone(), 0)[0] ?? '';

export const Route = createFileRoute('/_app/admin/hours/overview')({
  validateSearch: z.object({ month: lenient(monthParam) }),
  beforeLoad: requireCapability('timeRegistration.use'),
  loaderDeps: ({ search }) => ({ month: search.month ?? thisMonth() }),
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(ownMonthQueryOptions(deps.month)),
  component: OverviewRoute,
});

function OverviewRoute() {
  const { t } = useLingui();
  const { month } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Page title={t`Overview`}>
      <OverviewPage
        month={month ?? thisMonth()}
        onMonthChange={(next) => navigate({ search: { month: next } })}
      />
    </Page>
  );
}
