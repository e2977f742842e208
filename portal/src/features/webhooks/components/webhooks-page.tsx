import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { WebhookEndpoint } from '@tidewatch/contract';
import { Button, EmptyState, type RowAction, RowActions, StatusBadge } from '@tidewatch/ui';
import {
  ChevronRight,
  Pencil,
  Plus,
  Power,
  PowerOff,
  RotateCcwKey,
  Send,
  Trash2,
  WebhookOff,
} from 'lucide-react';
import { useState } from 'react';
import { formatDate, formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { LoadingState, QueryState } from '../../../shared/query-state/query-state';
import { useSendTestEvent, useSetWebhookEnabled, webhooksQueryOptions } from '../api/webhooks';
import type { WebhooksView } from '../list-view';
import { DeleteWebhookDialog } from './delete-webhook-dialog';
import { WEBHOOK_EVENT_LABELS } from './event-labels';
import { RotateSecretDialog } from './rotate-secret-dialog';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookFormDialog } from './webhook-form-dialog';
import * as styles from './webhooks.css';

/** A webhook as the page names it: its description, or its address when it has none. */
const nameOf = (webhook: WebhookEndpoint | null) => (webhook ? webhook.description || webhook.url : '');

type DialogKind = 'add' | 'edit' | 'rotate' | 'delete';

/** The one dialog open (or closing) and its webhook; each opening is a new round, so it starts afresh. */
interface DialogState {
  kind: DialogKind;
  webhook: WebhookEndpoint | null;
  open: boolean;
  round: number;
}

/**
 * /customer/webhooks: the customer's webhook endpoints, each with its events and state, the
 * actions on it, and (one at a time, in the URL) its deliveries.
 */
export function WebhooksPage({
  customerId,
  view,
  onViewChange,
}: {
  customerId: string;
  view: WebhooksView;
  onViewChange(view: WebhooksView, options?: { replace?: boolean }): void;
}) {
  const { t } = useLingui();
  const list = useQuery(webhooksQueryOptions(customerId));
  const [dialog, setDialog] = useState<DialogState>({ kind: 'add', webhook: null, open: false, round: 0 });
  const openDialog = (kind: DialogKind, webhook: WebhookEndpoint | null) =>
    setDialog((current) => ({ kind, webhook, open: true, round: current.round + 1 }));
  const closeDialog = () => setDialog((current) => ({ ...current, open: false }));
  const addButton = (
    <Button icon={<Plus size={16} aria-hidden="true" />} onClick={() => openDialog('add', null)}>
      <Trans>Add webhook</Trans>
    </Button>
  );

  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <p className={styles.intro}>
          <Trans>
            Webhooks send events from your account, such as a completed service window or a server that
            stopped reporting, to your own systems as signed HTTP POST requests.
          </Trans>
        </p>
        {list.data && list.data.length > 0 && addButton}
      </div>
      <QueryState
        query={list}
        failed={t`Could not load the webhooks`}
        loading={<LoadingState lines={4} />}
        empty={
          <EmptyState
            icon={<WebhookOff size={32} aria-hidden="true" />}
            title={<Trans>No webhooks yet</Trans>}
          >
            <p>
              <Trans>Add one to have events sent to an address of yours.</Trans>
            </p>
            {addButton}
          </EmptyState>
        }
      >
        {(webhooks) => (
          <ul className={styles.endpoints}>
            {webhooks.map((webhook) => (
              <WebhookCard
                key={webhook.id}
                customerId={customerId}
                webhook={webhook}
                view={view}
                onViewChange={onViewChange}
                onAction={openDialog}
              />
            ))}
          </ul>
        )}
      </QueryState>
      {(dialog.kind === 'add' || dialog.kind === 'edit') && (
        <WebhookFormDialog
          key={dialog.round}
          customerId={customerId}
          webhook={dialog.kind === 'edit' ? dialog.webhook : null}
          open={dialog.open}
          onOpenChange={(open) => !open && closeDialog()}
        />
      )}
      {dialog.kind === 'rotate' && (
        <RotateSecretDialog
          key={dialog.round}
          customerId={customerId}
          webhook={dialog.webhook}
          name={nameOf(dialog.webhook)}
          open={dialog.open}
          onClose={closeDialog}
        />
      )}
      {dialog.kind === 'delete' && (
        <DeleteWebhookDialog
          key={dialog.round}
          customerId={customerId}
          webhook={dialog.webhook}
          name={nameOf(dialog.webhook)}
          open={dialog.open}
          onClose={closeDialog}
          onDeleted={(webhook) => {
            if (view.webhook === webhook.id) onViewChange({}, { replace: true });
          }}
        />
      )}
    </div>
  );
}

/** On, failing, turned off by a person, or turned off by the service after failing: in words, with an icon. */
function WebhookState({ webhook }: { webhook: WebhookEndpoint }) {
  const { i18n } = useLingui();
  const since = webhook.failing_since && formatDate(webhook.failing_since, i18n.locale);
  if (webhook.enabled)
    return since ? (
      <StatusBadge tone="warning">
        <Trans>Failing since {since}</Trans>
      </StatusBadge>
    ) : (
      <StatusBadge tone="success">
        <Trans>On</Trans>
      </StatusBadge>
    );
  if (webhook.disabled_reason === 'failing')
    return (
      <StatusBadge tone="danger">
        {since ? (
          <Trans>Turned off after failing since {since}</Trans>
        ) : (
          <Trans>Turned off after failing</Trans>
        )}
      </StatusBadge>
    );
  return (
    <StatusBadge tone="neutral" icon={PowerOff}>
      <Trans>Turned off by you</Trans>
    </StatusBadge>
  );
}

function WebhookCard({
  customerId,
  webhook,
  view,
  onViewChange,
  onAction,
}: {
  customerId: string;
  webhook: WebhookEndpoint;
  view: WebhooksView;
  onViewChange(view: WebhooksView, options?: { replace?: boolean }): void;
  onAction(kind: DialogKind, webhook: WebhookEndpoint): void;
}) {
  const { t, i18n } = useLingui();
  const sendTest = useSendTestEvent(customerId);
  const setEnabled = useSetWebhookEnabled(customerId);
  const name = nameOf(webhook);
  const expanded = view.webhook === webhook.id;
  const panelId = `webhook-deliveries-${webhook.id}`;
  const headingId = `webhook-${webhook.id}`;

  const actions: RowAction[] = [
    ...(webhook.enabled
      ? [
          {
            id: 'test',
            label: <Trans>Send test event</Trans>,
            name: t`Send test event to ${name}`,
            icon: <Send size={14} aria-hidden="true" />,
            onSelect: () =>
              sendTest.mutate(webhook.id, {
                onSuccess: () => {
                  notify.success(t`Test event sent to ${name}`);
                  // Its delivery heads the list: open it on its first page to see it arrive.
                  onViewChange({ webhook: webhook.id });
                },
              }),
          },
        ]
      : []),
    {
      id: 'edit',
      label: <Trans>Edit</Trans>,
      name: t`Edit ${name}`,
      icon: <Pencil size={14} aria-hidden="true" />,
      onSelect: () => onAction('edit', webhook),
    },
    {
      id: 'rotate',
      label: <Trans>Rotate secret</Trans>,
      name: t`Rotate secret of ${name}`,
      icon: <RotateCcwKey size={14} aria-hidden="true" />,
      onSelect: () => onAction('rotate', webhook),
    },
    webhook.enabled
      ? {
          id: 'off',
          label: <Trans>Turn off</Trans>,
          name: t`Turn off ${name}`,
          icon: <PowerOff size={14} aria-hidden="true" />,
          onSelect: () =>
            setEnabled.mutate(
              { webhookId: webhook.id, enabled: false },
              { onSuccess: () => notify.success(t`${name} turned off`) },
            ),
        }
      : {
          id: 'on',
          label: <Trans>Turn on</Trans>,
          name: t`Turn on ${name}`,
          icon: <Power size={14} aria-hidden="true" />,
          onSelect: () =>
            setEnabled.mutate(
              { webhookId: webhook.id, enabled: true },
              { onSuccess: () => notify.success(t`${name} turned on`) },
            ),
        },
    {
      id: 'delete',
      label: <Trans>Delete</Trans>,
      name: t`Delete ${name}`,
      icon: <Trash2 size={14} aria-hidden="true" />,
      onSelect: () => onAction('delete', webhook),
    },
  ];

  return (
    <li className={styles.endpoint} aria-labelledby={headingId}>
      <div className={styles.endpointHead}>
        <div className={styles.endpointName}>
          <h2 id={headingId} className={styles.endpointTitle}>
            {name}
          </h2>
          {webhook.description && <span className={styles.endpointUrl}>{webhook.url}</span>}
          <span className={styles.muted}>
            <Trans>
              Added{' '}
              <time dateTime={webhook.created_at}>{formatDateTime(webhook.created_at, i18n.locale)}</time>
            </Trans>
          </span>
        </div>
        <WebhookState webhook={webhook} />
      </div>
      {!webhook.enabled && (
        <p className={styles.muted}>
          {webhook.disabled_reason === 'failing' ? (
            <Trans>
              Every delivery failed for three days, so we turned it off. Turn it on again once the receiver
              works; its deliveries show what the receiver answered.
            </Trans>
          ) : (
            <Trans>No events are sent to it while it is off.</Trans>
          )}
        </p>
      )}
      <ul className={styles.events} aria-label={t`Events sent to ${name}`}>
        {webhook.events.map((event) => (
          <li key={event} className={styles.eventChip}>
            {i18n._(WEBHOOK_EVENT_LABELS[event])}
          </li>
        ))}
      </ul>
      <div className={styles.endpointActions}>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={expanded}
          aria-controls={expanded ? panelId : undefined}
          aria-label={t`Deliveries to ${name}`}
          icon={<ChevronRight size={16} aria-hidden="true" className={styles.disclosureIcon} />}
          // Another webhook's deliveries start from their first page.
          onClick={() => onViewChange(expanded ? {} : { webhook: webhook.id })}
        >
          <Trans>Deliveries</Trans>
        </Button>
        <RowActions label={t`Actions for ${name}`} actions={actions} />
      </div>
      {expanded && (
        <div id={panelId}>
          <WebhookDeliveries
            customerId={customerId}
            webhook={webhook}
            name={name}
            view={view}
            onViewChange={onViewChange}
          />
        </div>
      )}
    </li>
  );
}
