import { Trans, useLingui } from '@lingui/react/macro';
import { Outlet } from '@tanstack/react-router';
import type { SessionData } from '@tidewatch/contract';
import { can } from '@tidewatch/domain';
import { Button, Drawer, skipLink } from '@tidewatch/ui';
import { Menu as MenuIcon } from 'lucide-react';
import { useState } from 'react';
import { ImpersonationBanner } from '../../features/impersonation/components/impersonation-banner';
import type { ClientUser } from '../../lib/stores';
import { TrialNotice } from '../../shared/trial-notice';
import { PaletteTrigger } from '../command-palette/palette-trigger';
import { useLiveEvents } from '../live-events/use-live-events';
import { CeilingNotice, useCeilingNoticeSource } from './ceiling-notice';
import { CustomerSwitcher } from './customer-switcher';
import { useNarrowScreen } from './narrow-screen';
import * as styles from './shell.css';
import { Sidebar } from './sidebar';
import { UserMenu } from './user-menu';

/** The frame of every portal page: sidebar, header with the user menu, impersonation banner. */
export function AppLayout({ session, user }: { session: SessionData; user: ClientUser }) {
  const { t } = useLingui();
  const [navOpen, setNavOpen] = useState(false);
  const narrow = useNarrowScreen();
  const sidebar = <Sidebar user={user} onNavigate={() => setNavOpen(false)} />;
  useCeilingNoticeSource(user);
  useLiveEvents(session);

  return (
    <div className={styles.layout}>
      <a href="#main" className={skipLink}>
        <Trans>Skip to content</Trans>
      </a>
      {!narrow && sidebar}
      <div className={styles.main}>
        <header className={styles.header}>
          {narrow && (
            <Drawer
              open={navOpen}
              onOpenChange={setNavOpen}
              title={t`Menu`}
              closeLabel={t`Close menu`}
              trigger={
                <Button variant="ghost" aria-label={t`Menu`}>
                  <MenuIcon size={20} aria-hidden="true" />
                </Button>
              }
            >
              {sidebar}
            </Drawer>
          )}
          <span
            className={can(user, 'customers.readAll') ? styles.headerTitleBesidePicker : styles.headerTitle}
          >
            {session.customer.company_name}
          </span>
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
