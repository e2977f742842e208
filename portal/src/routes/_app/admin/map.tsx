import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { staffLocationsQueryOptions } from '../../../features/employee-map/api/staff-locations';
import { EmployeeMapPage } from '../../../features/employee-map/components/employee-map-page';
import { requireCapability } from '../../../shared/guards';
import { Page } from '../../../shared/page';

export const Route = createFileRoute('/_app/admin/map')({
  beforeLoad: requireCapability('employeeMap.view'),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(staffLocationsQueryOptions());
  },
  component: EmployeeMapRoute,
});

function EmployeeMapRoute() {
  const { t } = useLingui();
  return (
    <Page title={t`Employee Map`}>
      <EmployeeMapPage />
    </Page>
  );
}
