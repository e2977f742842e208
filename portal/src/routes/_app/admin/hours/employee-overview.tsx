import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { can, monthList } from '@tidewatch/domain';
import * as z from 'zod/mini';
import { requireCapability } from '../../../../app/guards';
import { Page } from '../../../../app/shell/page';
import { employeesQueryOptions } from '../../../../features/time-registration/api/time-registration';
import { EmployeeOverviewPage } from '../../../../features/time-registration/components/employee-overview-page';
import { localTimeZone } from '../../../../features/time-registration/components/month-select';
import { lenient, monthParam } from '../../../../lib/search-params';

/** Approvers mostly look at last month, the one handed in. */
const lastMonth = () => monthList(new Date(), localTimeZone(), 1)[1] ?? '';

export const Route = createFileRoute('/_app/admin/hours/employee-overview')({
  validateSearch: z.object({ month: lenient(monthParam) }),
  beforeLoad: requireCapability('employeeOverview.view'),
  loaderDeps: ({ search }) => ({ month: search.month ?? lastMonth() }),
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(employeesQueryOptions(deps.month)),
  component: EmployeeOverviewRoute,
});

function EmployeeOverviewRoute() {
  const { t } = useLingui();
  const { month } = Route.useSearch();
  const { user } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  return (
    <Page title={t`Employee Overview`}>
      <EmployeeOverviewPage
        month={month ?? lastMonth()}
        onMonthChange={(next) => navigate({ search: { month: next } })}
        viewerId={user.id}
        canApprove={can(user, 'timeRegistration.approve')}
      />
    </Page>
  );
}
