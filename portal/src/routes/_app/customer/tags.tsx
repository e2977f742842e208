import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { can } from '@tidewatch/domain';
import { TagsPage } from '../../../features/tags/components/tags-page';
import { pageCustomerId } from '../../../lib/customers';
import { tagsQueryOptions } from '../../../lib/tags';
import { timeZonesQueryOptions } from '../../../lib/time-zones';
import { CustomerScope } from '../../../shared/customer-scope';
import { Page } from '../../../shared/page';

export const Route = createFileRoute('/_app/customer/tags')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(timeZonesQueryOptions());
    const customerId = pageCustomerId(context.user);
    if (customerId !== null) void context.queryClient.prefetchQuery(tagsQueryOptions(customerId));
  },
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
