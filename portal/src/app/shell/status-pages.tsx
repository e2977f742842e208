import { Trans } from '@lingui/react/macro';
import { Link, useRouter } from '@tanstack/react-router';
import { Button, EmptyState } from '@tidewatch/ui';
import { Compass, RotateCw, ShieldAlert, TriangleAlert } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { reportUiError } from '../../lib/report-error';
import { NotAllowedError } from '../../shared/guards';
import * as pageStyles from '../../shared/page.css';
import * as styles from './shell.css';

const DASHBOARD = '/user/servers';

/** The render-error fallback of spec section 2; reported once, and gone on the next navigation. */
export function ErrorPage({ error, reset }: { error: unknown; reset?: () => void }) {
  const router = useRouter();
  useEffect(() => reportUiError(error), [error]);
  return (
    <div className={styles.centered} role="alert">
      <TriangleAlert size={40} aria-hidden="true" />
      <h1 className={pageStyles.pageTitle}>
        <Trans>Error occurred while generating page</Trans>
      </h1>
      <div className={styles.actions}>
        <Button
          onClick={() => {
            reset?.();
            void router.navigate({ to: DASHBOARD as never });
          }}
        >
          <Trans>Go to Dashboard</Trans>
        </Button>
        <Button
          variant="secondary"
          icon={<RotateCw size={16} aria-hidden="true" />}
          onClick={() => window.location.reload()}
        >
          <Trans>Reload</Trans>
        </Button>
      </div>
    </div>
  );
}

/** A page that cannot be shown, with why and the way back to the dashboard. */
function StatusPage({ icon, title, children }: { icon: ReactNode; title: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.centered}>
      <EmptyState icon={icon} title={title}>
        <p>{children}</p>
        <Link to={DASHBOARD as never}>
          <Trans>Go to Dashboard</Trans>
        </Link>
      </EmptyState>
    </div>
  );
}

/** Shown for a page the caller's roles do not open; the server refuses its data anyway. */
export function NotAllowedPage() {
  return (
    <StatusPage
      icon={<ShieldAlert size={40} aria-hidden="true" />}
      title={<Trans>You are not allowed to see this page</Trans>}
    >
      <Trans>
        Your account does not have the role this page needs. Ask your company's administrator if you think it
        should.
      </Trans>
    </StatusPage>
  );
}

export function NotFoundPage() {
  return (
    <StatusPage
      icon={<Compass size={40} aria-hidden="true" />}
      title={<Trans>This page does not exist</Trans>}
    >
      <Trans>The address may be mistyped, or the page is not part of this release yet.</Trans>
    </StatusPage>
  );
}

/** What a route shows when it fails: "not allowed" for a missing role, the error page otherwise. */
export function RouteErrorPage({ error, reset }: { error: unknown; reset?: () => void }) {
  if (error instanceof NotAllowedError) return <NotAllowedPage />;
  return <ErrorPage error={error} reset={reset} />;
}
