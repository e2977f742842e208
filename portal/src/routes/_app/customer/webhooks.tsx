import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import {
  deliveriesQueryOf,
  deliveriesQueryOptions,
  webhooksQueryOptions,
} from '../../../features/webhooks/api/webhooks';
import { WebhooksPage } from '../../../features/webhooks/components/webhooks-page';
import { WebhooksSearch } from '../../../features/webhooks/list-view';
import { pageCustomerId } from '../../../lib/customers';
import { CustomerScope } from '../../../shared/customer-scope';
import { requireCapability } from '../../../shared/guards';
import { Page } from '../../../shared/page';

export const Route = createFileRoute('/_app/customer/webhooks')({
  validateSearch: WebhooksSearch,
  beforeLoad: requireCapability('infrastructure.manage'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    const customerId = pageCustomerId(context.user);
    if (customerId === null) return;
    void context.queryClient.prefetchQuery(webhooksQueryOptions(customerId));
    if (deps.webhook)
      void context.queryClient.prefetchQuery(
        deliveriesQueryOptions(customerId, deps.webhook, deliveriesQueryOf(deps)),
      );
  },
  component: WebhooksRoute,
});

function WebhooksRoute() {
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  const view = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Page title={t`Webhooks`}>
      <CustomerScope user={user}>
        {(customerId) => (
          <WebhooksPage
            customerId={customerId}
            view={view}
            onViewChange={(search, options) => navigate({ search, replace: options?.replace })}
          />
        )}
      </CustomerScope>
    </Page>
  );
}
