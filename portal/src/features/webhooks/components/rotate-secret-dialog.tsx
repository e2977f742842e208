import { Trans } from '@lingui/react/macro';
import type { WebhookEndpoint } from '@tidewatch/contract';
import { Button, Dialog } from '@tidewatch/ui';
import { useRotateWebhookSecret } from '../api/webhooks';
import { SecretView } from './secret-view';
import * as styles from './webhooks.css';

/**
 * Asks before a webhook gets a new signing secret, then shows the new one once, in the same
 * dialog, with until when the old one also signs. Mounted afresh for each opening.
 */
export function RotateSecretDialog({
  customerId,
  webhook,
  name,
  open,
  onClose,
}: {
  customerId: string;
  /** Kept while the dialog closes, so its text stays put. */
  webhook: WebhookEndpoint | null;
  name: string;
  open: boolean;
  onClose(): void;
}) {
  const rotate = useRotateWebhookSecret(customerId);
  const rotated = rotate.data;
  return (
    <Dialog
      open={open && webhook !== null}
      onOpenChange={(next) => !next && onClose()}
      title={
        rotated ? (
          <Trans>New signing secret for {name}</Trans>
        ) : (
          <Trans>Rotate the signing secret of {name}?</Trans>
        )
      }
      description={
        rotated ? undefined : (
          <Trans>
            A new secret signs every message from now on. The current secret also signs for 24 hours, so your
            receiver can change over without missing a message.
          </Trans>
        )
      }
    >
      {rotated ? (
        <SecretView
          secret={rotated.secret}
          previousValidUntil={rotated.previous_secret_valid_until}
          onDone={onClose}
        />
      ) : (
        <div className={styles.formActions}>
          <Button variant="secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button loading={rotate.isPending} onClick={() => webhook && rotate.mutate(webhook.id)}>
            <Trans>Rotate secret</Trans>
          </Button>
        </div>
      )}
    </Dialog>
  );
}
