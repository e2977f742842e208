import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { teamsQueryOptions } from '../../../../features/teams/api/teams-query-options';
import { TeamsPage } from '../../../../features/teams/components/teams-page';
import { pageCustomerId } from '../../../../lib/customers';
import { CustomerScope } from '../../../../shared/customer-scope';
import { Page } from '../../../../shared/page';

export const Route = createFileRoute('/_app/customer/teams/')({
  loader: ({ context }) => {
    const customerId = pageCustomerId(context.user);
    if (customerId !== null) void context.queryClient.prefetchQuery(teamsQueryOptions(customerId));
  },
  component: TeamsRoute,
});

function TeamsRoute() {
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  return (
    <Page title={t`Teams`}>
      <CustomerScope user={user}>{(customerId) => <TeamsPage customerId={customerId} />}</CustomerScope>
    </Page>
  );
}
