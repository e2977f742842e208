import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { isStaffCustomer } from '@tidewatch/content/brand';
import { customerPeople, userListQueryOptions } from '../../../features/users/api/users';
import { BillingContactsCard } from '../../../features/users/components/billing-contacts-card';
import { CompanySignInCard } from '../../../features/users/components/company-sign-in-card';
import { SignInSecurityCard } from '../../../features/users/components/sign-in-security-card';
import { UsersPage } from '../../../features/users/components/users-page';
import { UserListSearch, userQueryOf } from '../../../features/users/list-view';
import { pageCustomerId } from '../../../lib/customers';
import { CustomerScope } from '../../../shared/customer-scope';
import { requireCapability } from '../../../shared/guards';
import { Page } from '../../../shared/page';

export const Route = createFileRoute('/_app/customer/user-management')({
  validateSearch: UserListSearch,
  beforeLoad: requireCapability('users.manage'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    const customerId = pageCustomerId(context.user);
    if (customerId !== null)
      void context.queryClient.prefetchQuery(
        userListQueryOptions(customerPeople(customerId), userQueryOf(customerId, deps)),
      );
  },
  component: UserManagementRoute,
});

function UserManagementRoute() {
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  const view = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Page title={t`User Management`}>
      <CustomerScope user={user}>
        {(customerId) => (
          <>
            <UsersPage
              people={customerPeople(customerId)}
              caller={user}
              manage
              view={view}
              onViewChange={(search, options) => navigate({ search, replace: options?.replace })}
            />
            {/* Staff's second factor is the operator's setting (STAFF_TWO_FACTOR), not a customer's switch. */}
            {!isStaffCustomer(customerId) && <SignInSecurityCard customerId={customerId} />}
            {/* Staff sign in with our own passwords and factors, never through a customer's provider. */}
            {!isStaffCustomer(customerId) && <CompanySignInCard customerId={customerId} />}
            {/* Staff have no invoices. */}
            {!isStaffCustomer(customerId) && <BillingContactsCard customerId={customerId} />}
          </>
        )}
      </CustomerScope>
    </Page>
  );
}
