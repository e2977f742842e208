import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { can } from '@tidewatch/domain';
import { FeaturesPage } from '../../../features/feature-switches/components/features-page';
import { CustomerScope } from '../../../shared/customer-scope';
import { Page } from '../../../shared/page';

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
