import { Trans, useLingui } from '@lingui/react/macro';
import type { Contact } from '@tidewatch/contract';
import { ConfirmDialog } from '@tidewatch/ui';
import { notify } from '../../../lib/notify';
import { useDeleteContact } from '../api/team-contacts';

/**
 * Asks before a contact is deleted. Deleting is all there is: a contact reached for other
 * teams or tags too goes from those as well, and the dialog names them.
 */
export function RemoveContactDialog({
  customerId,
  teamName,
  contact,
  open,
  onClose,
}: {
  customerId: string;
  teamName: string;
  /** Kept while the dialog closes, so its text stays put. */
  contact: Contact | null;
  open: boolean;
  onClose(): void;
}) {
  const { t, i18n } = useLingui();
  const remove = useDeleteContact(customerId);
  const name = contact?.name ?? '';
  const otherTags = contact?.tags.filter((tag) => tag !== teamName) ?? [];
  const otherTagList = new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(otherTags);
  return (
    <ConfirmDialog
      open={open && contact !== null}
      onOpenChange={(open) => !open && onClose()}
      title={<Trans>Remove the contact “{name}”?</Trans>}
      description={
        otherTags.length === 0 ? (
          <Trans>
            {name} is deleted and no longer reached for {teamName}. This cannot be undone.
          </Trans>
        ) : (
          <Trans>
            {name} is deleted, so they are removed from every team and tag they belong to: besides {teamName},
            also <strong>{otherTagList}</strong>. This cannot be undone.
          </Trans>
        )
      }
      confirmLabel={<Trans>Remove contact</Trans>}
      cancelLabel={<Trans>Cancel</Trans>}
      destructive
      pending={remove.isPending}
      onConfirm={() => {
        if (!contact) return;
        remove.mutate(contact.id, {
          onSuccess: () => {
            notify.success(t`Contact “${name}” removed`);
            onClose();
          },
        });
      }}
    />
  );
}
