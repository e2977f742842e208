import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { OverviewPage } from '../../../../features/time-registration/components/overview-page';
import { lenient, monthParam } from '../../../../lib/search-params';
import { requireCapability } from '../../../../shared/guards';
import { Page } from '../../../../shared/page';

export const Route = createFileRoute('/_app/admin/hours/overview')({
  validateSearch: z.object({ month: lenient(monthParam) }),
  beforeLoad: requireCapability('timeRegistration.use'),
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
