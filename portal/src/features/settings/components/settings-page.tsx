import { Trans } from '@lingui/react/macro';
import type { SessionData } from '@tidewatch/contract';
import { Banner } from '@tidewatch/ui';
import { EnrolmentRequired } from './enrolment-required';
import { MailCard } from './mail-card';
import { PasskeysCard } from './passkeys-card';
import { PasswordCard } from './password-card';
import { ProfileCard } from './profile-card';
import { RecoveryCodesCard } from './recovery-codes-card';
import { SessionsCard } from './sessions-card';
import * as styles from './settings.css';
import { TwoFactorCard } from './two-factor-card';

/**
 * /user/settings: profile and language for everyone; security settings only for the account holder.
 * While a required second factor is missing, only what sets one up: each card keeps its place in the
 * tree, so the recovery codes shown on enrolling stay when the rest of the page returns.
 */
export function SettingsPage({ session }: { session: SessionData }) {
  const enrolling = session['two-factor-enrolment-required'];
  return (
    <div className={styles.grid}>
      {enrolling && (
        <div className={styles.wideCard}>
          <EnrolmentRequired />
        </div>
      )}
      {!enrolling && <ProfileCard session={session} />}
      {!enrolling && <MailCard />}
      {session.impersonation ? (
        <Banner tone="info">
          <Trans>
            Only the account holder can change the password, two-factor sign-in and signed-in devices.
          </Trans>
        </Banner>
      ) : (
        <>
          {!enrolling && <PasswordCard />}
          <TwoFactorCard session={session} />
          <PasskeysCard />
          {!enrolling && <RecoveryCodesCard />}
          {!enrolling && (
            <div className={styles.wideCard}>
              <SessionsCard />
            </div>
          )}
        </>
      )}
    </div>
  );
}
