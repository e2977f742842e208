import { Trans, useLingui } from '@lingui/react/macro';
import type { WebhookEndpoint } from '@tidewatch/contract';
import { ConfirmDialog } from '@tidewatch/ui';
import { notify } from '../../../lib/notify';
import { useDeleteWebhook } from '../api/webhooks';

/** Asks before a webhook and its delivery log go. */
export function DeleteWebhookDialog({
  customerId,
  webhook,
  name,
  open,
  onClose,
  onDeleted,
}: {
  customerId: string;
  /** Kept while the dialog closes, so its text stays put. */
  webhook: WebhookEndpoint | null;
  name: string;
  open: boolean;
  onClose(): void;
  onDeleted(webhook: WebhookEndpoint): void;
}) {
  const { t } = useLingui();
  const remove = useDeleteWebhook(customerId);
  const url = webhook?.url ?? '';
  return (
    <ConfirmDialog
      open={open && webhook !== null}
      onOpenChange={(next) => !next && onClose()}
      title={<Trans>Delete the webhook {name}?</Trans>}
      description={
        <Trans>
          Events stop going to <strong>{url}</strong>, and its delivery log is deleted with it. This cannot be
          undone.
        </Trans>
      }
      confirmLabel={<Trans>Delete webhook</Trans>}
      cancelLabel={<Trans>Cancel</Trans>}
      destructive
      pending={remove.isPending}
      onConfirm={() => {
        if (!webhook) return;
        remove.mutate(webhook.id, {
          onSuccess: () => {
            notify.success(t`Webhook ${name} deleted`);
            onClose();
            onDeleted(webhook);
          },
        });
      }}
    />
  );
}
