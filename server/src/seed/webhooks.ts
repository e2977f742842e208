import type { WebhookEvent } from '@tidewatch/contract';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { auditLog, invoices, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../db/schema';
import {
  newMessageId,
  newWebhookSecret,
  RETRY_FOR_MS,
  SENT_BY_THE_SERVICE,
  webhookPayload,
} from '../modules/webhooks';

const HOUR_MS = 3_600_000;

/** What the demo endpoint was sent in the last days, and how its receiver answered each try. */
const DELIVERIES: {
  event: WebhookEvent;
  hoursAgo: number;
  data: Record<string, unknown>;
  /** What the activity says it was about. */
  about: string | null;
  answers: [status: number, body: string][];
}[] = [
  {
    event: 'server.stale',
    hoursAgo: 50,
    data: { customer_id: 'acmecorp', certname: 'files-01.acmecorp' },
    about: 'files-01.acmecorp',
    answers: [[200, '{"ok":true}']],
  },
  {
    event: 'server.recovered',
    hoursAgo: 47,
    data: { customer_id: 'acmecorp', certname: 'files-01.acmecorp' },
    about: 'files-01.acmecorp',
    answers: [[200, '{"ok":true}']],
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
    about: 'weekly-patching',
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
  // Acme's latest invoice went out a day ago; its receiver was down at the first try.
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.customerId, 'acmecorp'), isNotNull(invoices.number)))
    .orderBy(desc(invoices.issuedAt))
    .limit(1);
  const sent = invoice?.number
    ? [
        {
          event: 'invoice.issued' as const,
          hoursAgo: 26,
          data: {
            customer_id: 'acmecorp',
            invoice_id: invoice.id,
            number: invoice.number,
            issue_date: invoice.issueDate,
            due_date: invoice.dueDate,
            total_cents: invoice.totalCents,
            currency: 'EUR',
          },
          about: invoice.number,
          answers: [
            [503, 'upstream unavailable'],
            [200, '{"ok":true}'],
          ] as [number, string][],
        },
      ]
    : [];
  for (const delivery of [...DELIVERIES, ...sent]) {
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
    await tx.insert(auditLog).values({
      ...SENT_BY_THE_SERVICE,
      at,
      subjectCustomerId: 'acmecorp',
      detail: { target: delivery.event, to: delivery.about },
    });
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
