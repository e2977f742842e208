import { Trans } from '@lingui/react/macro';
import type { SessionData } from '@tidewatch/contract';
import { Banner, Button } from '@tidewatch/ui';
import { UserRoundCheck } from 'lucide-react';
import { useStopImpersonation } from '../api/stop-impersonation';

/** Says, on every page, whom an admin is acting as, with the way back. */
export function ImpersonationBanner({ session }: { session: SessionData }) {
  const stop = useStopImpersonation();
  if (!session.impersonation) return null;
  const name = session.user['user/name'];
  const email = session.user['user/email'];
  const company = session.customer.company_name;
  const admin = session.impersonation.impersonator['user/name'];
  return (
    <Banner
      tone="warning"
      role="status"
      data-testid="impersonation-banner"
      data-toasts-clear
      icon={<UserRoundCheck size={20} aria-hidden="true" />}
      action={
        <Button variant="secondary" size="sm" loading={stop.isPending} onClick={() => stop.mutate()}>
          <Trans>Stop impersonating</Trans>
        </Button>
      }
    >
      <Trans>
        You are acting as <strong>{name}</strong> ({email}) of {company}. Signed in as {admin}; everything you
        change is logged.
      </Trans>
    </Banner>
  );
}
