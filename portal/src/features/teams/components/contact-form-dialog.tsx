import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CONTACT_KINDS, type Contact, ContactFields } from '@tidewatch/contract';
import { Button, Checkbox, Dialog, FormAlert, fieldProps, TextInput } from '@tidewatch/ui';
import { useApiForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useAddTeamContact, useUpdateContact } from '../api/team-contacts';
import { CONTACT_KIND_LABELS } from './contact-labels';
import * as styles from './teams.css';

/** The contract's contact fields; tags are not the form's: a new contact gets the team's, a changed one keeps its own. */
export const ContactForm = ContactFields.omit({ tags: true });

/** Adds a contact reached for the team, or (given one) changes a contact's name, email, phone and kinds. */
export function ContactFormDialog({
  customerId,
  teamName,
  contact,
  open,
  onOpenChange,
}: {
  customerId: string;
  teamName: string;
  contact: Contact | null;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={
        contact ? <Trans>Edit contact “{contact.name}”</Trans> : <Trans>Add a contact to {teamName}</Trans>
      }
      description={
        contact ? undefined : (
          <Trans>
            The contact is reached for this team's servers and clusters about what you tick below.
          </Trans>
        )
      }
    >
      {/* A fresh form for each contact, so its fields start from that contact. */}
      <ContactFormBody
        key={contact?.id ?? 'new'}
        customerId={customerId}
        teamName={teamName}
        contact={contact}
        onDone={() => onOpenChange(false)}
      />
    </Dialog>
  );
}

function ContactFormBody({
  customerId,
  teamName,
  contact,
  onDone,
}: {
  customerId: string;
  teamName: string;
  contact: Contact | null;
  onDone(): void;
}) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const add = useAddTeamContact(customerId, teamName);
  const update = useUpdateContact(customerId);
  const { form, fields, pending } = useApiForm(
    ContactForm,
    async (value) => {
      if (contact) {
        const saved = await update.mutateAsync({ contactId: contact.id, fields: value });
        notify.success(t`Contact “${saved.name}” saved`);
      } else {
        const saved = await add.mutateAsync(value);
        notify.success(t`Contact “${saved.name}” added to ${teamName}`);
      }
      onDone();
    },
    {
      id: contact ? `contact-${contact.id}` : 'new-contact',
      defaultValue: contact
        ? { name: contact.name, email: contact.email, phone: contact.phone, kinds: contact.kinds }
        : { kinds: ['alert'] },
    },
  );
  const chosenKinds = (fields.kinds.initialValue as string[] | string | undefined) ?? [];
  const kindsErrorId = `${fields.kinds.id}-error`;

  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className={styles.form}>
      <TextInput label={<Trans>Name</Trans>} {...fieldProps(fields.name)} required autoComplete="off" />
      <TextInput
        label={<Trans>Email</Trans>}
        {...fieldProps(fields.email)}
        type="email"
        required
        autoComplete="off"
      />
      <TextInput
        label={<Trans>Phone number</Trans>}
        hint={<Trans>Optional, e.g. +45 12 34 56 78.</Trans>}
        {...fieldProps(fields.phone)}
        type="tel"
        autoComplete="off"
      />
      <fieldset className={styles.fieldset} aria-describedby={fields.kinds.errors ? kindsErrorId : undefined}>
        <legend className={styles.legend}>
          <Trans>Reach them about</Trans>
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        </legend>
        <div className={styles.choices}>
          {CONTACT_KINDS.map((kind) => (
            <Checkbox
              key={kind}
              name={fields.kinds.name}
              value={kind}
              defaultChecked={chosenKinds.includes(kind)}
              label={i18n._(CONTACT_KIND_LABELS[kind])}
            />
          ))}
        </div>
        {fields.kinds.errors && (
          <p id={kindsErrorId} className={styles.fieldError}>
            {fields.kinds.errors.join(' ')}
          </p>
        )}
      </fieldset>
      <FormAlert errors={form.errors} />
      <div className={styles.formActions}>
        <Button variant="secondary" onClick={onDone}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" loading={pending}>
          {contact ? <Trans>Save contact</Trans> : <Trans>Add contact</Trans>}
        </Button>
      </div>
    </form>
  );
}
