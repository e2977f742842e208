import { z } from 'zod';
import { CustomerId, dataEnvelope, IsoDateTime, optionalText, storableText, text } from './common';
import { Cursor, PageLimit, pageOf } from './infrastructure';
import { defineRoute, requires } from './route';

/** What a customer's endpoints may subscribe to (Standard Webhooks event types). */
export const WEBHOOK_EVENTS = [
  'service_window.scheduled',
  'service_window.changed',
  'service_window.cancelled',
  'service_window.started',
  'service_window.completed',
  'exemption.decided',
  'invoice.issued',
  'expense_ceiling.threshold',
  'server.stale',
  'server.recovered',
  'change_request.merged',
] as const;
export const WebhookEvent = z.enum(WEBHOOK_EVENTS);
export type WebhookEvent = z.infer<typeof WebhookEvent>;

/** The event a test send carries: sent to the one endpoint, whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const WebhookDeliveryStatus = z.enum(WEBHOOK_DELIVERY_STATUSES);

export const WebhookUrl = text({ error: /*i18n*/ 'Enter the address to send events to' })
  .trim()
  .max(2000, { error: /*i18n*/ 'Use an address of at most 2,000 characters' })
  .pipe(
    z
      .url({ protocol: /^https?$/, error: /*i18n*/ 'Enter a full address that starts with https://' })
      .check(storableText),
  );

const WebhookEvents = z
  .array(WebhookEvent, { error: /*i18n*/ 'Choose the events to send' })
  .min(1, { error: /*i18n*/ 'Choose the events to send' })
  .refine((events) => new Set(events).size === events.length, { error: /*i18n*/ 'Choose each event once' });

export const WebhookFields = z.object({
  url: WebhookUrl,
  events: WebhookEvents,
  description: optionalText(200),
});

export const WebhookEndpoint = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  events: z.array(WebhookEvent),
  enabled: z.boolean(),
  /** Why it stopped: turned off by a person, or by the service after three days of failures. */
  disabled_reason: z.enum(['by_user', 'failing']).nullable(),
  /** Since when every delivery failed; null while deliveries succeed. */
  failing_since: IsoDateTime.nullable(),
  created_at: IsoDateTime,
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

/** The signing secret, shown once when an endpoint is made and at each rotation. */
export const WebhookSecret = z.object({
  /** `whsec_` and base64 of 24 random bytes, as Standard Webhooks libraries read it. */
  secret: z.string(),
  /** Until when the secret before this one also signs (rotation only). */
  previous_secret_valid_until: IsoDateTime.nullable(),
});

export const CreatedWebhookEndpoint = WebhookEndpoint.extend(WebhookSecret.shape);

export const WebhookAttempt = z.object({
  attempted_at: IsoDateTime,
  /** The receiver's HTTP status; null when no answer came (refused, unreachable, timed out). */
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int(),
  /** The start of the receiver's answer, or why there was none. */
  response_excerpt: z.string(),
});

export const WebhookDelivery = z.object({
  id: z.uuid(),
  /** The `webhook-id` header: the same on every attempt and redelivery of one message. */
  message_id: z.string(),
  event: z.string(),
  status: WebhookDeliveryStatus,
  created_at: IsoDateTime,
  next_attempt_at: IsoDateTime.nullable(),
  /** What was sent: the Standard Webhooks body (`type`, `timestamp`, `data`). */
  payload: z.record(z.string(), z.unknown()),
  /** Newest first. */
  attempts: z.array(WebhookAttempt),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

const customerParams = z.object({ customer_id: CustomerId });
const endpointParams = customerParams.extend({ webhook_id: z.uuid({ error: /*i18n*/ 'No such webhook' }) });
const tenant = { from: 'params', key: 'customer_id' } as const;
const manage = requires('infrastructure.manage');

export const webhookRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/customer/{customer_id}/webhooks',
    access: manage,
    summary: "The customer's webhook endpoints, newest first",
    params: customerParams,
    tenant,
    response: dataEnvelope(z.array(WebhookEndpoint)),
  }),
  create: defineRoute({
    method: 'POST',
    creates: true,
    path: '/customer/{customer_id}/webhooks',
    access: manage,
    summary: 'Register an endpoint; its signing secret is in the answer, once',
    params: customerParams,
    body: WebhookFields,
    tenant,
    response: CreatedWebhookEndpoint,
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/customer/{customer_id}/webhooks/{webhook_id}',
    access: manage,
    summary: 'Change an endpoint, or turn it off and on (on again clears its failures)',
    params: endpointParams,
    body: WebhookFields.extend({ enabled: z.boolean() }).partial(),
    tenant,
    response: WebhookEndpoint,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/customer/{customer_id}/webhooks/{webhook_id}',
    access: manage,
    summary: 'Remove an endpoint and its delivery log',
    params: endpointParams,
    tenant,
  }),
  test: defineRoute({
    method: 'POST',
    path: '/customer/{customer_id}/webhooks/{webhook_id}/test',
    access: manage,
    summary: 'Send a `webhook.test` event to the endpoint now',
    params: endpointParams,
    tenant,
    response: WebhookDelivery,
  }),
  rotateSecret: defineRoute({
    method: 'POST',
    path: '/customer/{customer_id}/webhooks/{webhook_id}/rotate-secret',
    access: manage,
    summary: 'A new signing secret; the old one also signs for 24 hours',
    params: endpointParams,
    tenant,
    response: WebhookSecret,
  }),
  deliveries: defineRoute({
    method: 'GET',
    path: '/customer/{customer_id}/webhooks/{webhook_id}/deliveries',
    access: manage,
    summary: "An endpoint's deliveries, newest first, each with its attempts; keyset pages",
    params: endpointParams,
    query: z.object({ cursor: Cursor.optional(), limit: PageLimit }),
    tenant,
    response: pageOf(WebhookDelivery),
  }),
  redeliver: defineRoute({
    method: 'POST',
    path: '/customer/{customer_id}/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver',
    access: manage,
    summary: 'Send a delivered or failed message again, with its `webhook-id`',
    params: endpointParams.extend({ delivery_id: z.uuid({ error: /*i18n*/ 'No such delivery' }) }),
    tenant,
    response: WebhookDelivery,
  }),
};
