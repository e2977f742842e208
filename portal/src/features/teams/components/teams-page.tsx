import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { EmptyState, Skeleton } from '@tidewatch/ui';
import { UsersRound } from 'lucide-react';
import { QueryState } from '../../../app/query-state/query-state';
import { teamsQueryOptions } from '../api/teams-query-options';
import * as styles from './teams.css';

/** /customer/teams: the customer's teams, each leading to its page. */
export function TeamsPage({ customerId }: { customerId: string }) {
  const { t } = useLingui();
  const teams = useQuery({
    ...teamsQueryOptions(customerId),
    meta: { errorMessage: t`Could not load teams` },
  });
  return (
    <QueryState
      query={teams}
      failed={t`Could not load the teams`}
      loading={<Skeleton height="96px" />}
      empty={
        <EmptyState icon={<UsersRound size={32} aria-hidden="true" />} title={<Trans>No teams yet</Trans>}>
          <p>
            <Trans>
              A team is a tag of the type team: create one under Tags and give it servers and contacts.
            </Trans>
          </p>
        </EmptyState>
      }
    >
      {(rows) => (
        <ul className={styles.teamList}>
          {rows.map((team) => (
            <li key={team.name}>
              <Link
                to="/customer/teams/$teamName"
                params={{ teamName: team.name }}
                className={styles.teamLink}
              >
                <span className={styles.teamName}>{team.name}</span>
                <span className={styles.muted}>
                  {team.timezone?.replaceAll('_', ' ') ?? t`No time zone set`}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
