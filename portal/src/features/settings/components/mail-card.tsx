import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { MAIL_CATEGORIES, type MailCategory } from '@tidewatch/contract';
import { Card, Switch } from '@tidewatch/ui';
import { notify } from '../../../lib/notify';
import { FailedState, LoadingState } from '../../../shared/query-state/query-state';
import { mailPreferencesQueryOptions, useSetMailPreferences } from '../api/account';
import * as styles from './settings.css';

const CATEGORY_LABELS: Record<MailCategory, { label: MessageDescriptor; description: MessageDescriptor }> = {
  window_notices: {
    label: msg`Service window notices`,
    description: msg`Before a window of a group you are a contact of, with a calendar invitation that follows it`,
  },
  window_outcomes: {
    label: msg`What a service window did`,
    description: msg`When a window ends: each server's result`,
  },
  spend_alerts: {
    label: msg`Spend alerts`,
    description: msg`At 50, 80 and 100 % of an expense ceiling`,
  },
  invoices: {
    label: msg`Invoices`,
    description: msg`Each invoice and credit note with its PDF; they stay on the invoices page either way`,
  },
};

/** Which of the product's mails reach this address: each kind on or off, saved at once. */
export function MailCard() {
  const { t, i18n } = useLingui();
  const preferences = useQuery(mailPreferencesQueryOptions());
  const save = useSetMailPreferences();
  return (
    <Card title={<Trans>Mail</Trans>}>
      <p className={styles.muted}>
        <Trans>
          Choose which mails reach your address. Each of them also has a link to stop it, which works without
          signing in.
        </Trans>
      </p>
      {preferences.isPending ? (
        <LoadingState lines={4} />
      ) : preferences.isError ? (
        <FailedState title={t`Could not load your mail choices`} query={preferences} inline />
      ) : (
        <div className={styles.form}>
          {MAIL_CATEGORIES.map((category) => (
            <Switch
              key={category}
              label={i18n._(CATEGORY_LABELS[category].label)}
              description={i18n._(CATEGORY_LABELS[category].description)}
              checked={preferences.data[category]}
              disabled={save.isPending}
              onCheckedChange={(checked) =>
                save.mutate(
                  { [category]: checked },
                  { onSuccess: () => notify.success(t`Mail choices saved`) },
                )
              }
            />
          ))}
        </div>
      )}
    </Card>
  );
}
