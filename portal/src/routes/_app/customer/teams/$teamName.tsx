import { createFileRoute } from '@tanstack/react-router';
import { can } from '@tidewatch/domain';
import { TeamPage } from '../../../../features/teams/components/team-page';
import { CustomerScope } from '../../../../shared/customer-scope';

export const Route = createFileRoute('/_app/customer/teams/$teamName')({ component: TeamRoute });

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
