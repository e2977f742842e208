import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requireCapability } from '../../../../app/guards';
import { Page } from '../../../../app/shell/page';
import { hourlyProductsQueryOptions } from '../../../../features/time-registration/api/time-registration';
import { RegisterTimePage } from '../../../../features/time-registration/components/register-time-page';
import { customersQueryOptions } from '../../../../lib/customers';

export const Route = createFileRoute('/_app/admin/hours/register')({
  beforeLoad: requireCapability('timeRegistration.use'),
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.prefetchQuery(customersQueryOptions()),
      context.queryClient.prefetchQuery(hourlyProductsQueryOptions()),
    ]),
  component: RegisterRoute,
});

function RegisterRoute() {
  const { t } = useLingui();
  return (
    <Page title={t`Register Time`}>
      <RegisterTimePage />
    </Page>
  );
}
