import { Trans, useLingui } from '@lingui/react/macro';
import { Outlet } from '@tanstack/react-router';
import type { SessionData } from '@tidewatch/contract';
import { can } from '@tidewatch/domain';
import { Button, skipLink } from '@tidewatch/ui';
import { Menu as MenuIcon } from 'lucide-react';
import { useState } from 'react';
import { ImpersonationBanner } from '../../features/impersonation/components/impersonation-banner';
import type { ClientUser } from '../../lib/stores';
import { PaletteTrigger } from '../command-palette/palette-trigger';
import { CeilingNotice, useCeilingNoticeSource } from './ceiling-notice';
import { CustomerSwitcher } from './customer-switcher';
import * as styles from './shell.css';
import { Sidebar } from './sidebar';
import { TrialNotice } from './trial-notice';
import { UserMenu } from './user-menu';

/** The frame of every portal page: sidebar, header with the user menu, impersonation banner. */
export function AppLayout({ session, user }: { session: SessionData; user: ClientUser }) {
  const { t } = useLingui();
  const [navOpen, setNavOpen] = useState(false);
  useCeilingNoticeSource(user);

  return (
    <div className={styles.layout}>
      <a href="#main" className={skipLink}>
        <Trans>Skip to content</Trans>
      </a>
      <Sidebar user={user} open={navOpen} onNavigate={() => setNavOpen(false)} />
      {navOpen && <div className={styles.scrim} onClick={() => setNavOpen(false)} aria-hidden="true" />}
      <div className={styles.main}>
        <header className={styles.header}>
          <Button
            variant="ghost"
            className={styles.menuButton}
            aria-label={t`Menu`}
            aria-expanded={navOpen}
            aria-controls="sidebar"
            onClick={() => setNavOpen((open) => !open)}
          >
            <MenuIcon size={20} aria-hidden="true" />
          </Button>
          <span className={styles.headerTitle}>{session.customer.company_name}</span>
          <span className={styles.headerSpacer} />
          <PaletteTrigger user={user} />
          <CustomerSwitcher flags={user} />
          <UserMenu user={user} />
        </header>
        <main id="main" className={styles.content} tabIndex={-1}>
          <ImpersonationBanner session={session} />
          <CeilingNotice />
          {can(user, 'plans.change') && <TrialNotice trial={session.customer.trial} />}
          <Outlet />
        </main>
      </div>
    </div>
  );
}
