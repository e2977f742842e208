import type { WebhookEvent } from '@tidewatch/contract';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers';

/** A customer's webhook endpoint: where its events go, signed with its secret (Standard Webhooks). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().$type<WebhookEvent[]>().notNull(),
    /** The signing secret (`whsec_…`), sealed with the app secret. */
    secret: text('secret').notNull(),
    /** After a rotation, the secret before it, sealed, which also signs until `previousSecretUntil`. */
    previousSecret: text('previous_secret'),
    previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason', { enum: ['by_user', 'failing'] }),
    /** The first failed attempt since the last success; three days of failures turn the endpoint off. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('webhook_endpoints_customer_idx').on(table.customerId, table.createdAt)],
);
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/**
 * One message to one endpoint, written in the transaction of the change it tells of and delivered
 * by the worker, retried with backoff until it succeeds or a day has passed.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The `webhook-id` header: one per message, kept by a redelivery so receivers can drop repeats. */
    messageId: text('message_id').notNull(),
    event: text('event').notNull(),
    /** The body as sent: `{ type, timestamp, data }`. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When a worker may next claim it; a claim moves it past the attempt, so a crashed worker's delivery comes back. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** Retries stop after this (a day after the message was made). */
    giveUpAt: timestamp('give_up_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('webhook_deliveries_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.createdAt, table.id),
  ],
);
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Each try of a delivery: what the receiver answered, and how long it took. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    responseExcerpt: text('response_excerpt').notNull(),
  },
  (table) => [index('webhook_attempts_delivery_idx').on(table.deliveryId, table.attemptedAt)],
);
