import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { osSummaryQueryOptions } from '../../../../features/servers/api/servers';
import { OsPage } from '../../../../features/servers/components/os-page';
import { pageCustomerId } from '../../../../lib/customers';
import { customerServerCountQueryOptions } from '../../../../shared/counts/api/count-query-options';
import { CustomerScope } from '../../../../shared/customer-scope';
import { Page } from '../../../../shared/page';

export const Route = createFileRoute('/_app/user/servers/os')({
  loader: ({ context }) => {
    const customerId = pageCustomerId(context.user);
    if (customerId === null) return;
    void context.queryClient.prefetchQuery(osSummaryQueryOptions(customerId));
    void context.queryClient.prefetchQuery(customerServerCountQueryOptions(customerId));
  },
  component: OsRoute,
});

function OsRoute() {
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  return (
    <Page title={t`Operating systems`}>
      <CustomerScope user={user}>{(customerId) => <OsPage customerId={customerId} />}</CustomerScope>
    </Page>
  );
}
