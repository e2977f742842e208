import { randomBytes } from 'node:crypto';
import { WEBHOOK_TEST_EVENT, type WebhookEvent } from '@tidewatch/contract';
import { appendAudit } from '../../core/audit-log';
import type { Database, Tx } from '../../db/client';
import {
  insertDeliveries,
  RETRY_FOR_MS,
  SENT_BY_THE_SERVICE,
  subscribersOf,
  type WebhookDeliveryRow,
} from './repository';

export { RETRY_FOR_MS };

/** A Standard Webhooks message id: the same for every endpoint and every try of one message. */
export const newMessageId = () => `msg_${randomBytes(16).toString('base64url')}`;

/** The Standard Webhooks body: the event's type, when it happened, and its data (ids and facts, never secrets). */
export function webhookPayload(type: string, at: Date, data: Record<string, unknown>) {
  return { type, timestamp: at.toISOString(), data };
}

/**
 * Queues an event for each of the customer's enabled endpoints that subscribe to it. Pass the
 * transaction making the change, so that an event is sent exactly when its change is kept.
 */
export async function queueWebhookEvent(
  db: Database | Tx,
  customerId: string,
  event: WebhookEvent,
  data: Record<string, unknown>,
  at: Date,
): Promise<number> {
  const endpoints = await subscribersOf(db, customerId, event);
  if (!endpoints.length) return 0;
  const messageId = newMessageId();
  const payload = webhookPayload(event, at, data);
  const rows = await insertDeliveries(
    db,
    endpoints.map((endpoint) => ({
      endpointId: endpoint.id,
      messageId,
      event,
      payload,
      nextAttemptAt: at,
      giveUpAt: new Date(at.getTime() + RETRY_FOR_MS),
      createdAt: at,
    })),
  );
  await appendAudit(db, {
    ...SENT_BY_THE_SERVICE,
    at,
    subjectCustomerId: customerId,
    detail: { target: event, to: aboutOf(data) },
  });
  return rows.length;
}

/** What an event was about, in a word, for the customer's activity: a machine, an invoice, a change, a group. */
function aboutOf(data: Record<string, unknown>): string | null {
  const text = (key: string) =>
    typeof data[key] === 'string' || typeof data[key] === 'number' ? String(data[key]) : null;
  if (text('certname')) return text('certname');
  if (text('title')) return `#${text('number')} ${text('title')}`;
  if (text('threshold')) return `${text('threshold')} %`;
  return text('number') ?? text('group');
}

/** A test message to one endpoint, whatever it subscribes to. */
export async function queueTestEvent(
  db: Database,
  endpoint: { id: string; customerId: string },
  at: Date,
): Promise<WebhookDeliveryRow> {
  const [row] = await insertDeliveries(db, [
    {
      endpointId: endpoint.id,
      messageId: newMessageId(),
      event: WEBHOOK_TEST_EVENT,
      payload: webhookPayload(WEBHOOK_TEST_EVENT, at, {
        customer_id: endpoint.customerId,
        webhook_id: endpoint.id,
      }),
      nextAttemptAt: at,
      giveUpAt: new Date(at.getTime() + RETRY_FOR_MS),
      createdAt: at,
    },
  ]);
  if (!row) throw new Error('queued test delivery');
  return row;
}

/** The same message (id and body) queued again, for a person who asked for it. */
export async function queueRedelivery(db: Database, delivery: WebhookDeliveryRow, at: Date) {
  const [row] = await insertDeliveries(db, [
    {
      endpointId: delivery.endpointId,
      messageId: delivery.messageId,
      event: delivery.event,
      payload: delivery.payload,
      nextAttemptAt: at,
      giveUpAt: new Date(at.getTime() + RETRY_FOR_MS),
      createdAt: at,
    },
  ]);
  if (!row) throw new Error('queued redelivery');
  return row;
}
