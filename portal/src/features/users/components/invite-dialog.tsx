import { Trans, useLingui } from '@lingui/react/macro';
import { Invitation } from '@tidewatch/contract';
import type { Role } from '@tidewatch/domain';
import { Button, Dialog, fieldProps, Select, TextInput } from '@tidewatch/ui';
import { useState } from 'react';
import { useApiForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { type People, useInvite } from '../api/users';
import { RoleCheckboxes } from './role-checkboxes';
import * as styles from './users.css';

const InvitationFields = Invitation.omit({ roles: true });

/** Invites a person by mail: they choose a password with the link and can then sign in. */
export function InviteDialog({
  people,
  grantable,
  open,
  onOpenChange,
}: {
  people: People;
  grantable: readonly Role[];
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={<Trans>Invite a user</Trans>}
      description={
        <Trans>
          We mail them a link to choose a password, in the language you choose. The link works for 7 days.
        </Trans>
      }
    >
      {open && <InviteForm people={people} grantable={grantable} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function InviteForm({
  people,
  grantable,
  onDone,
}: {
  people: People;
  grantable: readonly Role[];
  onDone(): void;
}) {
  const { t, i18n } = useLingui();
  const invite = useInvite(people);
  const [roles, setRoles] = useState<Role[]>([]);
  const { form, fields, pending } = useApiForm(
    InvitationFields,
    async (value) => {
      const invited = await invite.mutateAsync({ ...value, roles });
      notify.success(t`Invitation sent to ${invited['user/email']}`);
      onDone();
    },
    { id: 'invite-user', defaultValue: { language: i18n.locale === 'da' ? 'da' : 'en' } },
  );
  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className={styles.form}>
      <TextInput label={<Trans>Name</Trans>} {...fieldProps(fields.name)} required autoComplete="off" />
      <TextInput
        label={<Trans>Email</Trans>}
        type="email"
        {...fieldProps(fields.email)}
        required
        autoComplete="off"
      />
      <Select
        label={<Trans>Language of the mail and portal</Trans>}
        {...fieldProps(fields.language)}
        required
      >
        <option value="en">English</option>
        <option value="da">Dansk</option>
      </Select>
      <RoleCheckboxes grantable={grantable} value={roles} onChange={setRoles} />
      {form.errors && <p className={styles.formError}>{form.errors.join(' ')}</p>}
      <div className={styles.formActions}>
        <Button variant="secondary" onClick={onDone}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" loading={pending}>
          <Trans>Send invitation</Trans>
        </Button>
      </div>
    </form>
  );
}
