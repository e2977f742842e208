import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, ConfirmDialog } from '@tidewatch/ui';
import { CalendarPlus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { FailedState, LoadingState } from '../../../shared/query-state/query-state';
import {
  calendarFeedQueryOptions,
  useCreateCalendarFeed,
  useRevokeCalendarFeed,
} from '../api/service-windows';
import * as styles from './service-windows.css';

/** The secret calendar address: shown once when made; a new one or revoking stops the old. */
export function CalendarFeedCard({ customerId, canManage }: { customerId: string; canManage: boolean }) {
  const { t, i18n } = useLingui();
  const feed = useQuery(calendarFeedQueryOptions(customerId));
  const create = useCreateCalendarFeed(customerId);
  const revoke = useRevokeCalendarFeed(customerId);
  const [url, setUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  return (
    <Card title={<Trans>Calendar feed</Trans>}>
      <div className={styles.stack}>
        <p className={styles.intro}>
          <Trans>
            Subscribe to the windows in your calendar app with a secret address. Anyone with the address can
            read the windows, so share it with care; making a new one stops the old.
          </Trans>
        </p>
        {feed.isPending ? (
          <LoadingState lines={1} />
        ) : feed.isError ? (
          <FailedState inline title={t`Could not load the calendar feed`} query={feed} />
        ) : (
          <p className={styles.muted}>
            {feed.data.active && feed.data.created_at ? (
              <Trans>
                A calendar address made {formatDateTime(feed.data.created_at, i18n.locale)} is in use.
              </Trans>
            ) : (
              <Trans>No calendar address yet.</Trans>
            )}
          </p>
        )}
        {url && (
          <>
            <p className={styles.muted}>
              <Trans>Copy it now: it is not shown again.</Trans>
            </p>
            <p className={styles.feedUrl} data-testid="calendar-url">
              {url}
            </p>
          </>
        )}
        {canManage && (
          <div className={styles.cardActions}>
            <Button
              variant="secondary"
              icon={<CalendarPlus size={16} aria-hidden="true" />}
              loading={create.isPending}
              onClick={() => create.mutate(undefined, { onSuccess: (made) => setUrl(made.url) })}
            >
              {feed.data?.active ? <Trans>Make a new address</Trans> : <Trans>Make a calendar address</Trans>}
            </Button>
            {feed.data?.active && (
              <Button
                variant="ghost"
                icon={<Trash2 size={16} aria-hidden="true" />}
                onClick={() => setConfirming(true)}
              >
                <Trans>Revoke</Trans>
              </Button>
            )}
          </div>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={<Trans>Revoke the calendar address?</Trans>}
        description={<Trans>Calendars subscribed to it stop showing the windows.</Trans>}
        confirmLabel={<Trans>Revoke</Trans>}
        cancelLabel={<Trans>Cancel</Trans>}
        destructive
        pending={revoke.isPending}
        onConfirm={() =>
          revoke.mutate(undefined, {
            onSuccess: () => {
              setUrl(null);
              setConfirming(false);
              notify.success(t`Calendar address revoked`);
            },
          })
        }
      />
    </Card>
  );
}
