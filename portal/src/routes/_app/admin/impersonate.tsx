import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requireCapability } from '../../../app/guards';
import { Page } from '../../../app/shell/page';
import { customersQueryOptions } from '../../../features/impersonation/api/customers-query-options';
import { ImpersonatePage } from '../../../features/impersonation/components/impersonate-page';

export const Route = createFileRoute('/_app/admin/impersonate')({
  beforeLoad: requireCapability('impersonate'),
  loader: ({ context }) => context.queryClient.prefetchQuery(customersQueryOptions()),
  component: ImpersonateRoute,
});

function ImpersonateRoute() {
  const { t } = useLingui();
  return (
    <Page title={t`Impersonate`}>
      <ImpersonatePage />
    </Page>
  );
}
