import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { ApiError } from '@tidewatch/contract/client';
import { Button, ConfirmDialog, Menu, MenuItem, MenuLink, MenuSeparator } from '@tidewatch/ui';
import {
  BookOpen,
  ChevronDown,
  LayoutDashboard,
  LogOut,
  Settings,
  UserCog,
  UserRoundCheck,
  UserRoundX,
} from 'lucide-react';
import { useState } from 'react';
import { useStopImpersonation } from '../../features/impersonation/api/stop-impersonation';
import { API_REFERENCE_PATH } from '../../lib/api';
import { refusalText } from '../../lib/refusals';
import { logout } from '../../lib/session';
import { type ClientUser, useImpersonateStore } from '../../lib/stores';
import * as styles from './shell.css';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/** The user menu of spec section 2, each entry only for whom the spec allows it. */
export function UserMenu({ user }: { user: ClientUser }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const isImpersonating = useImpersonateStore((state) => state.isImpersonating);
  const stopImpersonation = useStopImpersonation();
  const signOut = useSignOut();
  return (
    <>
      <Menu
        label={user.email}
        trigger={
          <Button variant="ghost" aria-label={t`User menu for ${user.username}`} data-testid="user-menu">
            <span className={styles.avatar} aria-hidden="true">
              {initials(user.username)}
            </span>
            <span className={styles.userName}>{user.username}</span>
            <ChevronDown size={16} aria-hidden="true" />
          </Button>
        }
      >
        <MenuItem
          icon={<LayoutDashboard size={16} />}
          onSelect={() => navigate({ to: '/user/servers' as never })}
        >
          <Trans>Dashboard</Trans>
        </MenuItem>
        <MenuItem icon={<Settings size={16} />} onSelect={() => navigate({ to: '/user/settings' })}>
          <Trans>Settings</Trans>
        </MenuItem>
        {user.isAdminOrCustomerManager && (
          <MenuItem
            icon={<UserCog size={16} />}
            onSelect={() => navigate({ to: '/customer/user-management' })}
          >
            <Trans>User Management</Trans>
          </MenuItem>
        )}
        {user.isAdmin && (
          <MenuItem
            icon={<UserRoundCheck size={16} />}
            onSelect={() => navigate({ to: '/admin/impersonate' })}
          >
            <Trans>Impersonate</Trans>
          </MenuItem>
        )}
        {isImpersonating && (
          <MenuItem icon={<UserRoundX size={16} />} onSelect={() => stopImpersonation.mutate()}>
            <Trans>Remove Impersonation</Trans>
          </MenuItem>
        )}
        <MenuLink icon={<BookOpen size={16} />} href={API_REFERENCE_PATH}>
          <Trans>API reference</Trans>
        </MenuLink>
        <MenuSeparator />
        <MenuItem icon={<LogOut size={16} />} onSelect={signOut.start}>
          <Trans>Logout</Trans>
        </MenuItem>
      </Menu>
      <ConfirmDialog
        open={signOut.failure !== null}
        onOpenChange={(open) => !open && signOut.dismiss()}
        title={<Trans>Signing out failed</Trans>}
        description={
          <>
            <Trans>The server did not confirm the end of your session, so you are still signed in.</Trans>{' '}
            {signOut.failure}
          </>
        }
        confirmLabel={<Trans>Try again</Trans>}
        cancelLabel={<Trans>Stay signed in</Trans>}
        pending={signOut.pending}
        onConfirm={signOut.start}
      />
    </>
  );
}

/** Signing out; a failure keeps the session and says so, with its message (empty when the server gave none). */
function useSignOut() {
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const start = () => {
    setPending(true);
    logout().then(
      () => setPending(false),
      (error: unknown) => {
        setPending(false);
        setFailure(error instanceof ApiError ? refusalText(error) : '');
      },
    );
  };
  return { failure, pending, start, dismiss: () => setFailure(null) };
}
