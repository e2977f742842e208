import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { type WebhookEndpoint, WebhookFields } from '@tidewatch/contract';
import { Button, Checkbox, Dialog, FormAlert, fieldProps, TextInput } from '@tidewatch/ui';
import { useState } from 'react';
import { useApiForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useCreateWebhook, useUpdateWebhook } from '../api/webhooks';
import { WEBHOOK_EVENT_GROUPS, WEBHOOK_EVENT_LABELS } from './event-labels';
import { SecretView } from './secret-view';
import * as styles from './webhooks.css';

/**
 * Registers a webhook, then shows its signing secret once in the same dialog; or (given one)
 * changes a webhook's address, description and events. Mounted afresh for each opening.
 */
export function WebhookFormDialog({
  customerId,
  webhook,
  open,
  onOpenChange,
}: {
  customerId: string;
  webhook: WebhookEndpoint | null;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const [secret, setSecret] = useState<string | null>(null);
  const close = () => onOpenChange(false);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      wide
      title={
        secret ? (
          <Trans>Webhook added: copy its signing secret</Trans>
        ) : webhook ? (
          <Trans>Edit webhook</Trans>
        ) : (
          <Trans>Add webhook</Trans>
        )
      }
      description={
        secret || webhook ? undefined : (
          <Trans>We send the events you choose to this address as signed HTTP POST requests.</Trans>
        )
      }
    >
      {secret ? (
        <SecretView secret={secret} previousValidUntil={null} onDone={close} />
      ) : (
        // A fresh form for each webhook, so its fields start from that webhook.
        <WebhookForm
          key={webhook?.id ?? 'new'}
          customerId={customerId}
          webhook={webhook}
          onCreated={setSecret}
          onDone={close}
        />
      )}
    </Dialog>
  );
}

function WebhookForm({
  customerId,
  webhook,
  onCreated,
  onDone,
}: {
  customerId: string;
  webhook: WebhookEndpoint | null;
  onCreated(secret: string): void;
  onDone(): void;
}) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const create = useCreateWebhook(customerId);
  const update = useUpdateWebhook(customerId);
  const { form, fields, pending } = useApiForm(
    WebhookFields,
    async (value) => {
      if (webhook) {
        // An emptied description is sent empty, so that it clears.
        const body = { ...value, description: value.description ?? '' };
        await update.mutateAsync({ webhookId: webhook.id, body });
        notify.success(t`Webhook saved`);
        onDone();
      } else {
        const created = await create.mutateAsync(value);
        notify.success(t`Webhook added`);
        onCreated(created.secret);
      }
    },
    {
      id: webhook ? `webhook-${webhook.id}` : 'new-webhook',
      // Checked when sent, then as the fields change: a check on leaving the address, made just
      // before the click that sends, kept the events' error out of the first answer.
      validateOn: 'submit',
      defaultValue: webhook
        ? { url: webhook.url, description: webhook.description, events: webhook.events }
        : undefined,
    },
  );
  const chosen = (fields.events.initialValue as string[] | string | undefined) ?? [];
  const eventsErrorId = `${fields.events.id}-error`;
  // The list's own errors and those of its items (the server names a refused event "events.0").
  const eventErrors = [...new Set(Object.values(fields.events.allErrors).flat())];

  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className={styles.form}>
      <TextInput
        label={<Trans>Address</Trans>}
        hint={<Trans>The full address of your receiver, e.g. https://example.com/hooks/tidewatch.</Trans>}
        {...fieldProps(fields.url)}
        type="url"
        inputMode="url"
        required
        autoComplete="off"
        spellCheck={false}
      />
      <TextInput
        label={<Trans>Description</Trans>}
        hint={<Trans>Optional: what receives the events, e.g. Operations dashboard.</Trans>}
        {...fieldProps(fields.description)}
        autoComplete="off"
      />
      <fieldset
        className={styles.fieldset}
        aria-describedby={eventErrors.length > 0 ? eventsErrorId : undefined}
      >
        <legend className={styles.legend}>
          <Trans>Events to send</Trans>
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        </legend>
        {WEBHOOK_EVENT_GROUPS.map((group) => (
          <fieldset key={group.label.id} className={styles.fieldset}>
            <legend className={styles.groupLegend}>{i18n._(group.label)}</legend>
            <div className={styles.choices}>
              {group.events.map((event) => (
                <Checkbox
                  key={event}
                  name={fields.events.name}
                  value={event}
                  defaultChecked={chosen.includes(event)}
                  label={i18n._(WEBHOOK_EVENT_LABELS[event])}
                  description={<span className={styles.eventType}>{event}</span>}
                />
              ))}
            </div>
          </fieldset>
        ))}
        {eventErrors.length > 0 && (
          <p id={eventsErrorId} className={styles.fieldError}>
            {eventErrors.join(' ')}
          </p>
        )}
      </fieldset>
      <FormAlert errors={form.errors} />
      <div className={styles.formActions}>
        <Button variant="secondary" onClick={onDone}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" loading={pending}>
          {webhook ? <Trans>Save webhook</Trans> : <Trans>Add webhook</Trans>}
        </Button>
      </div>
    </form>
  );
}
