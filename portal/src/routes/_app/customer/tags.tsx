import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { can } from '@tidewatch/domain';
import { CustomerScope } from '../../../app/shell/customer-scope';
import { Page } from '../../../app/shell/page';
import { TagsPage } from '../../../features/tags/components/tags-page';
import { timeZonesQueryOptions } from '../../../lib/time-zones';

export const Route = createFileRoute('/_app/customer/tags')({
  loader: ({ context }) => context.queryClient.prefetchQuery(timeZonesQueryOptions()),
  component: TagsRoute,
});

function TagsRoute() {
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  return (
    <Page title={t`Tags`}>
      <CustomerScope user={user}>
        {(customerId) => <TagsPage customerId={customerId} canManage={can(user, 'infrastructure.manage')} />}
      </CustomerScope>
    </Page>
  );
}
