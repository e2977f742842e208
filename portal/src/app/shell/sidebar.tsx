import { useLingui } from '@lingui/react';
import { useLingui as useLinguiMacro } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Waves } from 'lucide-react';
import type { ReactNode } from 'react';
import { teamPath, teamsQueryOptions } from '../../features/teams/api/teams-query-options';
import { useCurrentCustomerId } from '../../lib/customers';
import { type ClientUser, useAdminStore } from '../../lib/stores';
import { useCountCustomer } from '../../shared/counts/api/count-query-options';
import { CountBadge } from '../../shared/counts/components/count-badge';
import { FailedState } from '../../shared/query-state/query-state';
import { type NavItem, TEAMS_PATH, visibleNavItems } from './nav-items';
import * as styles from './shell.css';

function NavEntry({
  item,
  user,
  onNavigate,
  failed,
}: {
  item: NavItem;
  user: ClientUser;
  onNavigate(): void;
  /** What stands in for the sub-items when they could not be loaded. */
  failed?: ReactNode;
}) {
  const { i18n } = useLingui();
  const Icon = item.icon;
  return (
    <li>
      {/* Pages that later releases add are linked already; the router shows "not found" until then. */}
      <Link
        to={item.to as never}
        className={styles.navLink}
        onClick={onNavigate}
        activeOptions={{ exact: !item.children }}
      >
        {Icon && <Icon size={18} aria-hidden="true" />}
        <span className={styles.navLabel}>
          {typeof item.label === 'string' ? item.label : i18n._(item.label)}
        </span>
        {item.count && <CountBadge user={user} kind={item.count} />}
      </Link>
      {failed && <div className={styles.subFailed}>{failed}</div>}
      {item.children && item.children.length > 0 && (
        <ul className={styles.subList}>
          {item.children.map((child) => (
            <NavEntry key={child.to} item={child} user={user} onNavigate={onNavigate} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** One sub-item per team: the caller's customer's, or for staff the customer chosen in the header. */
function useTeams(user: ClientUser) {
  const customerId = useCurrentCustomerId(user);
  return useQuery({ ...teamsQueryOptions(customerId ?? ''), enabled: customerId !== null });
}

/** Tells staff whose things the badges count: every customer's until one is chosen in the header. */
export function CountScope({ user }: { user: ClientUser }) {
  const { t } = useLinguiMacro();
  const customerId = useCountCustomer(user);
  const company = useAdminStore((state) => (customerId ? state.customerNames[customerId] : undefined));
  if (!user.isAdmin && !user.isApprover) return null;
  const name = company ?? customerId;
  return (
    <p className={styles.countScope} data-testid="count-scope">
      {customerId === null ? t`Counts: all customers` : t`Counts: ${name}`}
    </p>
  );
}

/** The main navigation: beside the page on a wide screen, inside the Menu drawer on a narrow one. */
export function Sidebar({ user, onNavigate }: { user: ClientUser; onNavigate(): void }) {
  const { t } = useLinguiMacro();
  const teams = useTeams(user);
  const teamItems = (teams.data ?? []).map((team) => ({ label: team.name, to: teamPath(team.name) }));
  const items = visibleNavItems(user).map((item) =>
    item.to === TEAMS_PATH ? { ...item, children: teamItems } : item,
  );
  const teamsFailed = teams.isError && (
    <FailedState inline title={t`Could not load the teams`} query={teams} />
  );
  return (
    <nav className={styles.sidebar} aria-label={t`Main`}>
      <a href="/" className={styles.brand}>
        <Waves size={22} aria-hidden="true" />
        Tidewatch
      </a>
      <CountScope user={user} />
      <ul className={styles.navList}>
        {items.map((item) => (
          <NavEntry
            key={item.to}
            item={item}
            user={user}
            onNavigate={onNavigate}
            failed={item.to === TEAMS_PATH && teamsFailed}
          />
        ))}
      </ul>
    </nav>
  );
}
