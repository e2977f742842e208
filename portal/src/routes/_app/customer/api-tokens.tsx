import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { isStaffCustomer } from '@tidewatch/content/brand';
import { apiTokensQueryOptions } from '../../../features/api-tokens/api/api-tokens';
import { ApiTokensPage } from '../../../features/api-tokens/components/api-tokens-page';
import { pageCustomerId } from '../../../lib/customers';
import { CustomerScope } from '../../../shared/customer-scope';
import { requireCapability } from '../../../shared/guards';
import { Page } from '../../../shared/page';

export const Route = createFileRoute('/_app/customer/api-tokens')({
  beforeLoad: requireCapability('apiTokens.manage'),
  loader: ({ context }) => {
    const customerId = pageCustomerId(context.user);
    if (customerId !== null) void context.queryClient.prefetchQuery(apiTokensQueryOptions(customerId));
  },
  component: ApiTokensRoute,
});

function ApiTokensRoute() {
  const { t } = useLingui();
  const { user, session } = Route.useRouteContext();
  // The server makes tokens for a manager's own sign-in only; the page says so rather than offer it.
  const createRefusal = isStaffCustomer(user.customerId)
    ? 'staff'
    : session.impersonation
      ? 'impersonating'
      : null;
  return (
    <Page title={t`API tokens`}>
      <CustomerScope user={user}>
        {(customerId) => <ApiTokensPage customerId={customerId} createRefusal={createRefusal} />}
      </CustomerScope>
    </Page>
  );
}
