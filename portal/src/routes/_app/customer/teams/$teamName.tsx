import { createFileRoute } from '@tanstack/react-router';
import { can } from '@tidewatch/domain';
import {
  teamClustersQueryOptions,
  teamContactsQueryOptions,
  teamServersQueryOptions,
} from '../../../../features/teams/api/team-members';
import { teamsQueryOptions } from '../../../../features/teams/api/teams-query-options';
import { TeamPage } from '../../../../features/teams/components/team-page';
import { pageCustomerId } from '../../../../lib/customers';
import { CustomerScope } from '../../../../shared/customer-scope';

export const Route = createFileRoute('/_app/customer/teams/$teamName')({
  loader: ({ context, params }) => {
    const customerId = pageCustomerId(context.user);
    if (customerId === null) return;
    void context.queryClient.prefetchQuery(teamsQueryOptions(customerId));
    void context.queryClient.prefetchQuery(teamServersQueryOptions(customerId, params.teamName));
    void context.queryClient.prefetchQuery(teamClustersQueryOptions(customerId, params.teamName));
    void context.queryClient.prefetchQuery(teamContactsQueryOptions(customerId, params.teamName));
  },
  component: TeamRoute,
});

function TeamRoute() {
  const { teamName } = Route.useParams();
  const { user } = Route.useRouteContext();
  return (
    <CustomerScope user={user} owned={{ kind: 'team', name: teamName }}>
      {(customerId) => (
        <TeamPage
          customerId={customerId}
          teamName={teamName}
          canManage={can(user, 'infrastructure.manage')}
        />
      )}
    </CustomerScope>
  );
}
