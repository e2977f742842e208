import { Trans, useLingui } from '@lingui/react/macro';
import { Banner, Button } from '@tidewatch/ui';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { logout } from '../../../lib/session';

/** Why settings is the only page for now: the organisation requires a second factor this user has not set up. */
export function EnrolmentRequired() {
  const { t } = useLingui();
  const [signingOut, setSigningOut] = useState(false);
  const signOut = () => {
    setSigningOut(true);
    logout().catch(() => {
      setSigningOut(false);
      notify.error(t`Could not sign out`);
    });
  };
  return (
    <Banner
      tone="warning"
      data-testid="enrolment-required"
      action={
        <Button variant="secondary" loading={signingOut} onClick={signOut}>
          <Trans>Sign out</Trans>
        </Button>
      }
    >
      <Trans>
        Your organisation requires two-factor sign-in. Set up an authenticator app or a passkey below; the
        rest of the portal opens once you have.
      </Trans>
    </Banner>
  );
}
