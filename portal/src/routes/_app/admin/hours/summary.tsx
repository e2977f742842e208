import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { SummaryPage } from '../../../../features/time-registration/components/summary-page';
import { lenient, monthParam } from '../../../../lib/search-params';
import { requireCapability } from '../../../../shared/guards';
import { Page } from '../../../../shared/page';

export const Route = createFileRoute('/_app/admin/hours/summary')({
  validateSearch: z.object({ month: lenient(monthParam) }),
  beforeLoad: requireCapability('timeRegistration.use'),
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
