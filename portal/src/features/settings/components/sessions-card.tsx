import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { brand } from '@tidewatch/content/brand';
import { Badge, Button, Card, ConfirmDialog, Skeleton } from '@tidewatch/ui';
import { useState } from 'react';
import { QueryState } from '../../../shared/query-state/query-state';
import { activeSessionsQueryOptions, useEndSession } from '../api/account';
import * as styles from './settings.css';

/** A readable device name from a user agent: the browser and the system, enough to tell devices apart. */
export function deviceOf(userAgent: string | null): string {
  if (!userAgent) return '—';
  const browser = /(Edg|Firefox|Chrome|Safari)\/[\d.]+/.exec(userAgent)?.[1]?.replace('Edg', 'Edge') ?? '';
  const system =
    /(Windows|Mac OS X|Android|iPhone|Linux)/.exec(userAgent)?.[1]?.replace('Mac OS X', 'macOS') ?? '';
  return [browser, system].filter(Boolean).join(', ') || userAgent.slice(0, 60);
}

export function SessionsCard() {
  const { t, i18n } = useLingui();
  const sessions = useQuery({
    ...activeSessionsQueryOptions(),
    meta: { errorMessage: t`Could not load your sessions` },
  });
  const end = useEndSession();
  const [confirming, setConfirming] = useState(false);
  const others = (sessions.data ?? []).filter((session) => !session.current);
  // A staff session comes without address or browser: it is named for who it is.
  const product = brand.product;
  const staffName = t`${product} staff`;

  return (
    <Card title={<Trans>Where you are signed in</Trans>}>
      <QueryState
        query={sessions}
        failed={t`Could not load your sessions`}
        loading={<Skeleton height="96px" />}
      >
        {(rows) => (
          <ul className={styles.sessions}>
            {rows.map((session) => {
              const when = i18n.date(session.last_seen, { dateStyle: 'medium', timeStyle: 'short' });
              return (
                <li key={session.id} className={styles.session} data-testid="session">
                  <span className={styles.sessionDevice}>
                    {session.staff ? staffName : deviceOf(session.user_agent)}
                    {session.current && (
                      <Badge tone="success">
                        <Trans>This device</Trans>
                      </Badge>
                    )}
                    {session.staff && (
                      <Badge tone="warning">
                        <Trans>Staff acting as you</Trans>
                      </Badge>
                    )}
                  </span>
                  <span className={styles.sessionDetail}>
                    {session.staff ? staffName : (session.ip ?? '—')}
                  </span>
                  <span className={styles.sessionDetail}>
                    <Trans>Last active {when}</Trans>
                  </span>
                  <span className={styles.sessionAction}>
                    {!session.current && (
                      <Button variant="ghost" size="sm" onClick={() => end.mutate(session.id)}>
                        <Trans>Sign out</Trans>
                      </Button>
                    )}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
      <div className={styles.row} style={{ marginTop: 16 }}>
        <Button variant="secondary" disabled={others.length === 0} onClick={() => setConfirming(true)}>
          <Trans>Sign out everywhere else</Trans>
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={<Trans>Sign out everywhere else?</Trans>}
        description={
          <Trans>
            Every other device signed in to your account is signed out at once. This one stays signed in.
          </Trans>
        }
        confirmLabel={<Trans>Sign them out</Trans>}
        cancelLabel={<Trans>Cancel</Trans>}
        destructive
        pending={end.isPending}
        onConfirm={() => end.mutate('others', { onSettled: () => setConfirming(false) })}
      />
    </Card>
  );
}
