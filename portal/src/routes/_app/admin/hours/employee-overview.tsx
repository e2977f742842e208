import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { can } from '@tidewatch/domain';
import * as z from 'zod/mini';
import { employeesQueryOptions } from '../../../../features/time-registration/api/time-registration';
import { EmployeeOverviewPage } from '../../../../features/time-registration/components/employee-overview-page';
import { monthsAgo } from '../../../../features/time-registration/months';
import { lenient, monthParam } from '../../../../lib/search-params';
import { requireCapability } from '../../../../shared/guards';
import { Page } from '../../../../shared/page';

export const Route = createFileRoute('/_app/admin/hours/employee-overview')({
  validateSearch: z.object({ month: lenient(monthParam) }),
  beforeLoad: requireCapability('employeeOverview.view'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(employeesQueryOptions(deps.month ?? monthsAgo(1)));
  },
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
        month={month}
        onMonthChange={(next) => navigate({ search: { month: next } })}
        viewerId={user.id}
        canApprove={can(user, 'timeRegistration.approve')}
      />
    </Page>
  );
}
