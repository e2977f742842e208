import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { hourlyProductsQueryOptions } from '../../../../features/time-registration/api/time-registration';
import { RegisterOldPage } from '../../../../features/time-registration/components/register-old-page';
import { customersQueryOptions } from '../../../../lib/customers';
import { isoDay, lenient } from '../../../../lib/search-params';
import { requireCapability } from '../../../../shared/guards';
import { Page } from '../../../../shared/page';

export const Route = createFileRoute('/_app/admin/hours/register-old')({
  validateSearch: z.object({ week: lenient(isoDay) }),
  beforeLoad: requireCapability('timeRegistration.use'),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(customersQueryOptions());
    void context.queryClient.prefetchQuery(hourlyProductsQueryOptions());
  },
  component: RegisterOldRoute,
});

function RegisterOldRoute() {
  const { t } = useLingui();
  const { week } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Page title={t`Register Time Old`}>
      <RegisterOldPage week={week} onWeekChange={(next) => navigate({ search: { week: next } })} />
    </Page>
  );
}
