import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { EmptyState, matchesSearch, Select, Skeleton, sortRows, TextInput } from '@tidewatch/ui';
import { Search, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { QueryState } from '../../../shared/query-state/query-state';
import { teamsQueryOptions } from '../api/teams-query-options';
import * as styles from './teams.css';

/** /customer/teams: the customer's teams, each leading to its page. */
export function TeamsPage({ customerId }: { customerId: string }) {
  const { t } = useLingui();
  const teams = useQuery({
    ...teamsQueryOptions(customerId),
    meta: { errorMessage: t`Could not load teams` },
  });
  const [query, setQuery] = useState('');
  const [order, setOrder] = useState<'name' | 'timezone'>('name');
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
      {(rows) => {
        const shown = sortRows(
          rows.filter((team) => matchesSearch(`${team.name} ${team.timezone ?? ''}`, query)),
          { column: order, direction: 'ascending' },
          { name: (team) => team.name, timezone: (team) => team.timezone },
        );
        return (
          <>
            <div className={styles.listTools}>
              <TextInput
                type="search"
                label={<Trans>Search teams</Trans>}
                prefix={<Search size={16} aria-hidden="true" />}
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                autoComplete="off"
              />
              <Select
                label={<Trans>Sort by</Trans>}
                value={order}
                onChange={(event) => setOrder(event.target.value === 'timezone' ? 'timezone' : 'name')}
              >
                <option value="name">{t`Name`}</option>
                <option value="timezone">{t`Time zone`}</option>
              </Select>
            </div>
            {shown.length === 0 ? (
              <p className={styles.muted}>
                <Trans>No team matches “{query}”.</Trans>
              </p>
            ) : (
              <ul className={styles.teamList}>
                {shown.map((team) => (
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
          </>
        );
      }}
    </QueryState>
  );
}
