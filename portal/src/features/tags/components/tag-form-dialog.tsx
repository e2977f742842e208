import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract, TAG_TYPES, type TagItem } from '@tidewatch/contract';
import { Button, Dialog, fieldProps, Select, TextInput } from '@tidewatch/ui';
import { useApiForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { TimeZoneSelect } from '../../../shared/fields/place-selects';
import { useSaveTag } from '../api/tags';
import { TAG_TYPE_LABELS } from './tag-labels';
import * as styles from './tags.css';

const TagForm = contract.tags.create.body;

/** Creates a tag, or (given one) renames it and changes its type or time zone. */
export function TagFormDialog({
  customerId,
  tag,
  open,
  onOpenChange,
}: {
  customerId: string;
  tag: TagItem | null;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={tag ? <Trans>Edit tag “{tag.name}”</Trans> : <Trans>New tag</Trans>}
      description={
        <Trans>
          Teams and update groups work in a time zone: alerts, reports and service windows follow it.
        </Trans>
      }
    >
      {/* A fresh form for each tag, so its fields start from that tag. */}
      <TagFormBody
        key={tag?.id ?? 'new'}
        customerId={customerId}
        tag={tag}
        onDone={() => onOpenChange(false)}
      />
    </Dialog>
  );
}

function TagFormBody({
  customerId,
  tag,
  onDone,
}: {
  customerId: string;
  tag: TagItem | null;
  onDone(): void;
}) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const save = useSaveTag(customerId);
  const { form, fields, pending } = useApiForm(
    TagForm,
    async (value) => {
      const saved = await save.mutateAsync({ tagId: tag?.id ?? null, fields: value });
      notify.success(tag ? t`Tag “${saved.name}” saved` : t`Tag “${saved.name}” created`);
      onDone();
    },
    {
      id: tag ? `tag-${tag.id}` : 'new-tag',
      defaultValue: tag
        ? { name: tag.name, type: tag.type, timezone: tag.timezone ?? undefined }
        : { type: 'plain' },
    },
  );
  const type = (fields.type.value as TagItem['type'] | undefined) ?? 'plain';
  const needsZone = type !== 'plain';

  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className={styles.form}>
      <TextInput label={<Trans>Name</Trans>} {...fieldProps(fields.name)} required autoComplete="off" />
      <Select label={<Trans>Type</Trans>} {...fieldProps(fields.type)} required>
        {TAG_TYPES.map((value) => (
          <option key={value} value={value}>
            {i18n._(TAG_TYPE_LABELS[value])}
          </option>
        ))}
      </Select>
      <TimeZoneSelect
        label={<Trans>Time zone</Trans>}
        hint={needsZone ? undefined : <Trans>Optional for a plain tag.</Trans>}
        {...fieldProps(fields.timezone)}
        required={needsZone}
        emptyLabel={needsZone ? t`Choose a time zone` : t`No time zone`}
      />
      {form.errors && <p className={styles.formError}>{form.errors.join(' ')}</p>}
      <div className={styles.formActions}>
        <Button variant="secondary" onClick={onDone}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" loading={pending}>
          {tag ? <Trans>Save tag</Trans> : <Trans>Create tag</Trans>}
        </Button>
      </div>
    </form>
  );
}
