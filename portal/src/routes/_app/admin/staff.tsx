import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { STAFF_PEOPLE, userListQueryOptions } from '../../../features/users/api/users';
import { UsersPage } from '../../../features/users/components/users-page';
import { UserListSearch, userQueryOf } from '../../../features/users/list-view';
import { requireCapability } from '../../../shared/guards';
import { Page } from '../../../shared/page';

export const Route = createFileRoute('/_app/admin/staff')({
  validateSearch: UserListSearch,
  beforeLoad: requireCapability('staff.manage'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(
      userListQueryOptions(STAFF_PEOPLE, userQueryOf(STAFF_PEOPLE.customerId, deps)),
    );
  },
  component: StaffRoute,
});

function StaffRoute() {
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  const view = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Page title={t`Staff users`}>
      <UsersPage
        people={STAFF_PEOPLE}
        caller={user}
        manage
        view={view}
        onViewChange={(search, options) => navigate({ search, replace: options?.replace })}
      />
    </Page>
  );
}
