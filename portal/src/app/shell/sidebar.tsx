import { useLingui } from '@lingui/react';
import { useLingui as useLinguiMacro } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Waves } from 'lucide-react';
import { CountBadge } from '../../features/counts/components/count-badge';
import { teamPath, teamsQueryOptions } from '../../features/teams/api/teams-query-options';
import { useCurrentCustomerId } from '../../lib/customers';
import type { ClientUser } from '../../lib/stores';
import { type NavItem, TEAMS_PATH, visibleNavItems } from './nav-items';
import * as styles from './shell.css';

function NavEntry({ item, user, onNavigate }: { item: NavItem; user: ClientUser; onNavigate(): void }) {
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
function useTeamItems(user: ClientUser): NavItem[] {
  const customerId = useCurrentCustomerId(user);
  const teams = useQuery({ ...teamsQueryOptions(customerId ?? ''), enabled: customerId !== null });
  return (teams.data ?? []).map((team) => ({ label: team.name, to: teamPath(team.name) }));
}

export function Sidebar({ user, open, onNavigate }: { user: ClientUser; open: boolean; onNavigate(): void }) {
  const { t } = useLinguiMacro();
  const teamItems = useTeamItems(user);
  const items = visibleNavItems(user).map((item) =>
    item.to === TEAMS_PATH ? { ...item, children: teamItems } : item,
  );
  return (
    <nav id="sidebar" className={styles.sidebar} data-open={open} aria-label={t`Main`}>
      <a href="/" className={styles.brand}>
        <Waves size={22} aria-hidden="true" />
        Tidewatch
      </a>
      <ul className={styles.navList}>
        {items.map((item) => (
          <NavEntry key={item.to} item={item} user={user} onNavigate={onNavigate} />
        ))}
      </ul>
    </nav>
  );
}
