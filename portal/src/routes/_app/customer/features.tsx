import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { can } from '@tidewatch/domain';
import { CustomerScope } from '../../../app/shell/customer-scope';
import { Page } from '../../../app/shell/page';
import { FeaturesPage } from '../../../features/feature-switches/components/features-page';

export const Route = createFileRoute('/_app/customer/features')({ component: FeaturesRoute });

function FeaturesRoute() {
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  return (
    <Page title={t`Features`}>
      <CustomerScope user={user}>
        {(customerId) => (
          <FeaturesPage customerId={customerId} canManage={can(user, 'infrastructure.manage')} />
        )}
      </CustomerScope>
    </Page>
  );
}
