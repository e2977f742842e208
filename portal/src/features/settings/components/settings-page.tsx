import { Trans } from '@lingui/react/macro';
import type { SessionData } from '@tidewatch/contract';
import { Banner } from '@tidewatch/ui';
import { MailCard } from './mail-card';
import { PasswordCard } from './password-card';
import { ProfileCard } from './profile-card';
import { SessionsCard } from './sessions-card';
import * as styles from './settings.css';
import { TwoFactorCard } from './two-factor-card';

/** /user/settings: profile and language for everyone; security settings only for the account holder. */
export function SettingsPage({ session }: { session: SessionData }) {
  return (
    <div className={styles.grid}>
      <ProfileCard session={session} />
      <MailCard />
      {session.impersonation ? (
        <Banner tone="info">
          <Trans>
            Only the account holder can change the password, two-factor sign-in and signed-in devices.
          </Trans>
        </Banner>
      ) : (
        <>
          <PasswordCard />
          <TwoFactorCard session={session} />
          <div className={styles.wideCard}>
            <SessionsCard />
          </div>
        </>
      )}
    </div>
  );
}
