import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { hourlyProductsQueryOptions } from '../../../../features/time-registration/api/time-registration';
import { RegisterTimePage } from '../../../../features/time-registration/components/register-time-page';
import { customersQueryOptions } from '../../../../lib/customers';
import { requireCapability } from '../../../../shared/guards';
import { Page } from '../../../../shared/page';

export const Route = createFileRoute('/_app/admin/hours/register')({
  beforeLoad: requireCapability('timeRegistration.use'),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(customersQueryOptions());
    void context.queryClient.prefetchQuery(hourlyProductsQueryOptions());
  },
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
