import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { TeamsPage } from '../../../../features/teams/components/teams-page';
import { CustomerScope } from '../../../../shared/customer-scope';
import { Page } from '../../../../shared/page';

export const Route = createFileRoute('/_app/customer/teams/')({ component: TeamsRoute });

function TeamsRoute() {
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  return (
    <Page title={t`Teams`}>
      <CustomerScope user={user}>{(customerId) => <TeamsPage customerId={customerId} />}</CustomerScope>
    </Page>
  );
}
