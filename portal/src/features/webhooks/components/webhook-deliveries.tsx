import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { WebhookDelivery, WebhookEndpoint } from '@tidewatch/contract';
import { Button, CodeBlock, EmptyState, StatusBadge, type StatusTone, type TableColumn } from '@tidewatch/ui';
import { ChevronRight, RotateCw, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { PagedTable } from '../../../shared/paged-table';
import {
  DELIVERIES_PAGE_SIZE,
  deliveriesQueryOf,
  deliveriesQueryOptions,
  useRedeliver,
} from '../api/webhooks';
import type { WebhooksView } from '../list-view';
import { webhookEventLabel } from './event-labels';
import * as styles from './webhooks.css';

type DeliveryStatus = WebhookDelivery['status'];
type Attempt = WebhookDelivery['attempts'][number];

const STATUS_TONES: Record<DeliveryStatus, StatusTone> = {
  pending: 'info',
  succeeded: 'success',
  failed: 'danger',
};

/** An attempt's time to the second: the tries of one delivery can fall in the same minute. */
const formatInstant = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));

function useDeliveryLabels() {
  const { t, i18n } = useLingui();
  const status: Record<DeliveryStatus, string> = {
    pending: t`Sending`,
    succeeded: t`Succeeded`,
    failed: t`Failed`,
  };
  const event = (type: string) => {
    const label = webhookEventLabel(type);
    return typeof label === 'string' ? label : i18n._(label);
  };
  const answer = (attempt: Attempt | undefined) => {
    if (!attempt) return '—';
    return attempt.status_code === null ? t`No answer` : t`HTTP ${attempt.status_code}`;
  };
  return { status, event, answer };
}

/**
 * A webhook's deliveries, newest first, a page at a time: each opens to its attempts (when, the
 * receiver's status, how long, the start of its answer) and what was sent, and can be sent again.
 * The page asks again while a delivery is on its way.
 */
export function WebhookDeliveries({
  customerId,
  webhook,
  name,
  view,
  onViewChange,
}: {
  customerId: string;
  webhook: WebhookEndpoint;
  name: string;
  view: WebhooksView;
  onViewChange(view: WebhooksView): void;
}) {
  const { t, i18n } = useLingui();
  const labels = useDeliveryLabels();
  const query = deliveriesQueryOf(view);
  const list = useQuery(deliveriesQueryOptions(customerId, webhook.id, query));
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const idPrefix = useId();
  const panelId = (delivery: WebhookDelivery) => `${idPrefix}-${delivery.id}`;
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const columns: TableColumn<WebhookDelivery>[] = [
    { id: 'event', header: t`Event`, rowHeader: true, cell: (delivery) => labels.event(delivery.event) },
    {
      id: 'status',
      header: t`Status`,
      cell: (delivery) => (
        <StatusBadge tone={STATUS_TONES[delivery.status]}>{labels.status[delivery.status]}</StatusBadge>
      ),
    },
    {
      id: 'time',
      header: t`When`,
      cell: (delivery) => (
        <time dateTime={delivery.created_at} className={styles.when}>
          {formatDateTime(delivery.created_at, i18n.locale)}
        </time>
      ),
    },
    {
      id: 'attempts',
      header: t`Attempts`,
      numeric: true,
      cell: (delivery) => formatNumber(delivery.attempts.length, i18n.locale),
    },
    { id: 'answer', header: t`Last answer`, cell: (delivery) => labels.answer(delivery.attempts[0]) },
    {
      id: 'details',
      header: t`Details`,
      hideHeader: true,
      cell: (delivery) => {
        const expanded = open.has(delivery.id);
        const event = labels.event(delivery.event);
        const at = formatDateTime(delivery.created_at, i18n.locale);
        return (
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={expanded}
            aria-controls={expanded ? panelId(delivery) : undefined}
            aria-label={t`Details of ${event}, ${at}`}
            icon={<ChevronRight size={16} aria-hidden="true" className={styles.disclosureIcon} />}
            onClick={() => toggle(delivery.id)}
          >
            <Trans>Details</Trans>
          </Button>
        );
      },
    },
  ];

  return (
    <div className={styles.deliveries}>
      <h3 className={styles.deliveriesTitle}>
        <Trans>Deliveries</Trans>
      </h3>
      <PagedTable
        label={t`Deliveries to ${name}`}
        columns={columns}
        rowKey={(delivery) => delivery.id}
        list={list}
        query={query}
        failedTitle={t`Could not load the deliveries`}
        maxHeight="none"
        detail={(delivery) =>
          open.has(delivery.id) ? (
            <DeliveryDetail
              id={panelId(delivery)}
              customerId={customerId}
              webhook={webhook}
              delivery={delivery}
            />
          ) : null
        }
        pager={{
          label: t`Pages of deliveries to ${name}`,
          view,
          onViewChange,
          pageSize: DELIVERIES_PAGE_SIZE,
        }}
        empty={
          <EmptyState icon={<Send size={32} aria-hidden="true" />} title={<Trans>No deliveries yet</Trans>}>
            <p>
              <Trans>Events sent to this webhook are listed here. Send a test event to see one.</Trans>
            </p>
          </EmptyState>
        }
      />
    </div>
  );
}

function DeliveryDetail({
  id,
  customerId,
  webhook,
  delivery,
}: {
  id: string;
  customerId: string;
  webhook: WebhookEndpoint;
  delivery: WebhookDelivery;
}) {
  const { t, i18n } = useLingui();
  const labels = useDeliveryLabels();
  const redeliver = useRedeliver(customerId, webhook.id);
  const event = labels.event(delivery.event);
  const next = delivery.next_attempt_at;
  return (
    <div id={id} className={styles.delivery}>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt className={styles.factTerm}>
            <Trans>Event type</Trans>
          </dt>
          <dd className={styles.factValue}>{delivery.event}</dd>
        </div>
        <div className={styles.fact}>
          <dt className={styles.factTerm}>
            <Trans>Message id</Trans>
          </dt>
          <dd className={styles.factValue}>{delivery.message_id}</dd>
        </div>
        {delivery.status === 'pending' && next && (
          <div className={styles.fact}>
            <dt className={styles.factTerm}>
              <Trans>Next try</Trans>
            </dt>
            <dd className={styles.factValue}>
              <time dateTime={next}>{formatInstant(next, i18n.locale)}</time>
            </dd>
          </div>
        )}
      </dl>
      <h4 className={styles.subTitle}>
        <Plural value={delivery.attempts.length} one="# attempt" other="# attempts" />
      </h4>
      {delivery.attempts.length === 0 ? (
        <p className={styles.muted}>
          <Trans>Not tried yet.</Trans>
        </p>
      ) : (
        <ol className={styles.attempts}>
          {delivery.attempts.map((attempt) => (
            <li key={attempt.attempted_at} className={styles.attempt}>
              <span className={styles.attemptLine}>
                <time dateTime={attempt.attempted_at}>
                  {formatInstant(attempt.attempted_at, i18n.locale)}
                </time>
                <strong>{labels.answer(attempt)}</strong>
                <span>
                  <Trans>{formatNumber(attempt.duration_ms, i18n.locale)} ms</Trans>
                </span>
              </span>
              {attempt.response_excerpt && <pre className={styles.excerpt}>{attempt.response_excerpt}</pre>}
            </li>
          ))}
        </ol>
      )}
      <CodeBlock
        code={JSON.stringify(delivery.payload, null, 2)}
        title={t`Payload`}
        copyLabel={t`Copy`}
        copiedLabel={t`Copied`}
      />
      <div className={styles.deliveryActions}>
        {delivery.status === 'pending' ? null : webhook.enabled ? (
          <Button
            variant="secondary"
            size="sm"
            icon={<RotateCw size={16} aria-hidden="true" />}
            loading={redeliver.isPending}
            onClick={() =>
              redeliver.mutate(delivery.id, { onSuccess: () => notify.success(t`${event} sent again`) })
            }
          >
            <Trans>Redeliver</Trans>
          </Button>
        ) : (
          <p className={styles.muted}>
            <Trans>Turn the webhook on to send this message again.</Trans>
          </p>
        )}
      </div>
    </div>
  );
}
