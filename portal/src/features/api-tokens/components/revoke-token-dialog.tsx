import { Trans, useLingui } from '@lingui/react/macro';
import type { ApiToken } from '@tidewatch/contract';
import { ConfirmDialog } from '@tidewatch/ui';
import { notify } from '../../../lib/notify';
import { useRevokeApiToken } from '../api/api-tokens';

/** Asks before a token stops working. */
export function RevokeTokenDialog({
  customerId,
  token,
  open,
  onClose,
}: {
  customerId: string;
  /** Kept while the dialog closes, so its text stays put. */
  token: ApiToken | null;
  open: boolean;
  onClose(): void;
}) {
  const { t } = useLingui();
  const revoke = useRevokeApiToken(customerId);
  const name = token?.name ?? '';
  return (
    <ConfirmDialog
      open={open && token !== null}
      onOpenChange={(next) => !next && onClose()}
      title={<Trans>Revoke the token “{name}”?</Trans>}
      description={
        <Trans>
          Every call made with it is refused from now on, so whatever uses it stops working. This cannot be
          undone: make a new token to give access again.
        </Trans>
      }
      confirmLabel={<Trans>Revoke token</Trans>}
      cancelLabel={<Trans>Cancel</Trans>}
      destructive
      pending={revoke.isPending}
      onConfirm={() => {
        if (!token) return;
        revoke.mutate(token.id, {
          onSuccess: () => {
            notify.success(t`Token “${name}” revoked`);
            onClose();
          },
        });
      }}
    />
  );
}
