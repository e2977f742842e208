import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { can } from '@tidewatch/domain';
import { featuresQueryOptions } from '../../../features/feature-switches/api/feature-switches';
import { FeaturesPage } from '../../../features/feature-switches/components/features-page';
import { pageCustomerId } from '../../../lib/customers';
import { tagsQueryOptions } from '../../../lib/tags';
import { CustomerScope } from '../../../shared/customer-scope';
import { Page } from '../../../shared/page';

export const Route = createFileRoute('/_app/customer/features')({
  loader: ({ context }) => {
    const customerId = pageCustomerId(context.user);
    if (customerId === null) return;
    void context.queryClient.prefetchQuery(featuresQueryOptions(customerId));
    void context.queryClient.prefetchQuery(tagsQueryOptions(customerId));
  },
  component: FeaturesRoute,
});

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
