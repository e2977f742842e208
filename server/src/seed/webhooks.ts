import type { WebhookEvent } from '@tidewatch/contract';
import type { Tx } from '../db/client';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../db/schema';
import { newMessageId, newWebhookSecret, RETRY_FOR_MS, webhookPayload } from '../modules/webhooks';

const HOUR_MS = 3_600_000;

/** What the demo endpoint was sent in the last days, and how its receiver answered each try. */
const DELIVERIES: {
  event: WebhookEvent;
  hoursAgo: number;
  data: Record<string, unknown>;
  answers: [status: number, body: string][];
}[] = [
  {
    event: 'server.stale',
    hoursAgo: 50,
    data: { customer_id: 'acmecorp', certname: 'web-03.acme.example' },
    answers: [[200, '{"ok":true}']],
  },
  {
    event: 'server.recovered',
    hoursAgo: 47,
    data: { customer_id: 'acmecorp', certname: 'web-03.acme.example' },
    answers: [[200, '{"ok":true}']],
  },
  {
    event: 'invoice.issued',
    hoursAgo: 26,
    data: { customer_id: 'acmecorp', number: 'demo' },
    answers: [
      [503, 'upstream unavailable'],
      [200, '{"ok":true}'],
    ],
  },
  {
    event: 'service_window.completed',
    hoursAgo: 3,
    data: {
      customer_id: 'acmecorp',
      group: 'weekly-patching',
      succeeded: 6,
      failed: 0,
      skipped: 1,
      never_reported: 0,
    },
    answers: [[202, 'accepted']],
  },
];

/** Acme's operations dashboard endpoint with a few days of deliveries, all settled, so a fresh start sends nothing. */
export async function seedWebhooks(tx: Tx, now: Date, seal: (secret: string) => string): Promise<void> {
  const [endpoint] = await tx
    .insert(webhookEndpoints)
    .values({
      customerId: 'acmecorp',
      url: 'https://hooks.acme.example/tidewatch',
      description: 'Operations dashboard',
      events: ['service_window.completed', 'server.stale', 'server.recovered', 'invoice.issued'],
      secret: seal(newWebhookSecret()),
      createdAt: new Date(now.getTime() - 14 * 24 * HOUR_MS),
    })
    .returning();
  if (!endpoint) throw new Error('demo webhook endpoint');
  for (const delivery of DELIVERIES) {
    const at = new Date(now.getTime() - delivery.hoursAgo * HOUR_MS);
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({
        endpointId: endpoint.id,
        messageId: newMessageId(),
        event: delivery.event,
        payload: webhookPayload(delivery.event, at, delivery.data),
        status: 'succeeded',
        attempts: delivery.answers.length,
        giveUpAt: new Date(at.getTime() + RETRY_FOR_MS),
        createdAt: at,
      })
      .returning();
    if (!row) throw new Error('demo webhook delivery');
    await tx.insert(webhookAttempts).values(
      delivery.answers.map(([statusCode, body], index) => ({
        deliveryId: row.id,
        // A retry came 30 seconds after the first try.
        attemptedAt: new Date(at.getTime() + index * 30_000 + 150),
        statusCode,
        durationMs: 80 + index * 40,
        responseExcerpt: body,
      })),
    );
  }
}
