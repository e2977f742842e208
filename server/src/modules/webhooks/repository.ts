import type { WebhookEvent } from '@tidewatch/contract';
import { and, arrayContains, asc, desc, eq, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Tenant } from '../../core/tenant';
import type { Database, Tx } from '../../db/client';
import {
  auditLog,
  customers,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema';
import { boundedTotal, pageTotal } from '../../lib/bounded-total';
import { keyset } from '../../lib/keyset';

export type { WebhookDeliveryRow, WebhookEndpointRow };

/**
 * An event sent to a customer's webhooks, as its activity records it: no person acted, so the actor
 * is the nil id, and the customer's activity shows the product.
 */
export const SENT_BY_THE_SERVICE = {
  action: 'webhook.event',
  actorId: '00000000-0000-0000-0000-000000000000',
  actorEmail: '',
  actorStaff: false,
  subjectId: '00000000-0000-0000-0000-000000000000',
  subjectEmail: '',
  method: 'POST',
  path: '',
} as const;

/** A delivery is tried for this long after its message was made, then given up. */
export const RETRY_FOR_MS = 24 * 60 * 60_000;

export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;

export async function listEndpoints(db: Database, tenant: Tenant): Promise<WebhookEndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.customerId, tenant.customerId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
}

export async function findEndpoint(
  db: Database,
  tenant: Tenant,
  id: string,
): Promise<WebhookEndpointRow | null> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.customerId, tenant.customerId), eq(webhookEndpoints.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertEndpoint(
  db: Database,
  tenant: Tenant,
  values: Omit<typeof webhookEndpoints.$inferInsert, 'customerId'>,
): Promise<WebhookEndpointRow> {
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ ...values, customerId: tenant.customerId })
    .returning();
  if (!row) throw new Error('inserted webhook endpoint');
  return row;
}

export async function updateEndpoint(
  db: Database,
  endpoint: WebhookEndpointRow,
  values: Partial<typeof webhookEndpoints.$inferInsert>,
): Promise<WebhookEndpointRow> {
  const [row] = await db
    .update(webhookEndpoints)
    .set(values)
    .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.customerId, endpoint.customerId)))
    .returning();
  if (!row) throw new Error('updated webhook endpoint');
  return row;
}

export async function deleteEndpoint(db: Database, endpoint: WebhookEndpointRow): Promise<void> {
  await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.customerId, endpoint.customerId)));
}

/** The enabled endpoints of a customer that subscribe to an event. */
export async function subscribersOf(
  db: Database | Tx,
  customerId: string,
  event: WebhookEvent,
): Promise<{ id: string }[]> {
  return db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.customerId, customerId),
        isNull(webhookEndpoints.disabledAt),
        arrayContains(webhookEndpoints.events, [event]),
      ),
    );
}

export async function insertDeliveries(
  db: Database | Tx,
  rows: (typeof webhookDeliveries.$inferInsert)[],
): Promise<WebhookDeliveryRow[]> {
  if (!rows.length) return [];
  return db.insert(webhookDeliveries).values(rows).returning();
}

export async function findDelivery(
  db: Database,
  endpoint: WebhookEndpointRow,
  id: string,
): Promise<WebhookDeliveryRow | null> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.id, id)))
    .limit(1);
  return row ?? null;
}

/** Each delivery's attempts, newest first. */
export async function attemptsOf(
  db: Database,
  deliveryIds: string[],
): Promise<Map<string, WebhookAttemptRow[]>> {
  const byDelivery = new Map<string, WebhookAttemptRow[]>();
  if (!deliveryIds.length) return byDelivery;
  const rows = await db
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, deliveryIds))
    .orderBy(desc(webhookAttempts.attemptedAt), desc(webhookAttempts.id));
  for (const row of rows) byDelivery.set(row.deliveryId, [...(byDelivery.get(row.deliveryId) ?? []), row]);
  return byDelivery;
}

const byCreated = {
  created: { expr: sql`${webhookDeliveries.createdAt}`, cast: 'timestamptz' as const },
  id: { expr: sql`${webhookDeliveries.id}::text`, cast: 'text' as const },
};

/** An endpoint's deliveries, newest first, in keyset pages. */
export async function listDeliveries(
  db: Database,
  endpoint: WebhookEndpointRow,
  query: { cursor?: string | undefined; limit: number },
) {
  const paging = keyset({
    keys: byCreated,
    unique: { name: 'id', column: byCreated.id.expr },
    sort: '-created',
    cursor: query.cursor,
  });
  const where = eq(webhookDeliveries.endpointId, endpoint.id);
  const [rows, counted] = await Promise.all([
    db
      .select({ delivery: webhookDeliveries, key: paging.keyValue })
      .from(webhookDeliveries)
      .where(and(where, paging.after))
      .orderBy(...paging.orderBy)
      .limit(query.limit + 1),
    query.cursor ? null : boundedTotal(db, db.select({ one: sql`1` }).from(webhookDeliveries).where(where)),
  ]);
  return {
    rows: rows.slice(0, query.limit).map((row) => row.delivery),
    next_cursor: paging.nextCursor(rows, query.limit, (row) => row.delivery.id),
    ...pageTotal(counted),
  };
}

/** A due delivery with what the worker needs to send it. */
export interface ClaimedDelivery {
  delivery: WebhookDeliveryRow;
  endpoint: WebhookEndpointRow;
}

/**
 * Claims a batch of deliveries due at `at`, pushing each one's next try out by its backoff. One
 * atomic update over rows locked with SKIP LOCKED, so several replicas never send one twice at once.
 */
export async function claimDueDeliveries(
  db: Database,
  at: Date,
  claim: { batch: number; firstBackoffSeconds: number; maxBackoffSeconds: number },
): Promise<ClaimedDelivery[]> {
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, at)))
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(claim.batch)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      nextAttemptAt: sql`${at.toISOString()}::timestamptz + make_interval(secs => least(${claim.maxBackoffSeconds}, ${claim.firstBackoffSeconds} * power(2, ${webhookDeliveries.attempts})))`,
    })
    .where(inArray(webhookDeliveries.id, due))
    .returning();
  if (!claimed.length) return [];
  const endpoints = await db
    .select()
    .from(webhookEndpoints)
    .where(
      inArray(
        webhookEndpoints.id,
        claimed.map((row) => row.endpointId),
      ),
    );
  return claimed.flatMap((delivery) => {
    const endpoint = endpoints.find((row) => row.id === delivery.endpointId);
    return endpoint ? [{ delivery, endpoint }] : [];
  });
}

/** Logs an attempt and settles the delivery: done, given up, or left for its next try. */
export async function recordAttempt(
  db: Database,
  delivery: WebhookDeliveryRow,
  attempt: Omit<typeof webhookAttempts.$inferInsert, 'id' | 'deliveryId'>,
  outcome: 'succeeded' | 'failed' | 'retry',
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({ ...attempt, deliveryId: delivery.id });
    if (outcome !== 'retry') {
      await tx
        .update(webhookDeliveries)
        .set({ status: outcome, nextAttemptAt: null })
        .where(eq(webhookDeliveries.id, delivery.id));
    }
  });
}

/** A success clears the endpoint's failing streak. */
export async function markEndpointHealthy(db: Database, endpointId: string): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({ failingSince: null })
    .where(and(eq(webhookEndpoints.id, endpointId), sql`${webhookEndpoints.failingSince} is not null`));
}

/**
 * Notes a failure: starts the streak, or, when it began `failingFor` ago or earlier, turns the
 * endpoint off and answers it (once: only the update that turns it off returns the row).
 */
export async function markEndpointFailing(
  db: Database,
  endpointId: string,
  at: Date,
  failingForMs: number,
): Promise<WebhookEndpointRow | null> {
  await db
    .update(webhookEndpoints)
    .set({ failingSince: at })
    .where(and(eq(webhookEndpoints.id, endpointId), isNull(webhookEndpoints.failingSince)));
  const [disabled] = await db
    .update(webhookEndpoints)
    .set({ disabledAt: at, disabledReason: 'failing' })
    .where(
      and(
        eq(webhookEndpoints.id, endpointId),
        isNull(webhookEndpoints.disabledAt),
        lte(webhookEndpoints.failingSince, new Date(at.getTime() - failingForMs)),
      ),
    )
    .returning();
  if (disabled) await failPendingDeliveries(db, endpointId);
  return disabled ?? null;
}

export async function companyOf(db: Database, customerId: string): Promise<string> {
  const [row] = await db
    .select({ name: customers.companyName })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return row?.name ?? customerId;
}

/** What was still waiting for an endpoint that was turned off is not sent. */
export async function failPendingDeliveries(db: Database, endpointId: string): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', nextAttemptAt: null })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
}

/**
 * `queueWebhookEvent` as SQL for a statement's WITH list, for changes made in one statement (an
 * agent's ping, the stale sweep): one message per row of `source` (which selects `customer_id`,
 * `data` as jsonb and `at`) to each of the customer's enabled endpoints that subscribe to it.
 */
export function queueWebhookEventsSql(event: WebhookEvent, source: SQL): SQL {
  return sql`insert into ${webhookDeliveries} (endpoint_id, message_id, event, payload, next_attempt_at, give_up_at, created_at)
    select e.id, m.message_id, ${event}::text,
      jsonb_build_object('type', ${event}::text, 'timestamp', to_char(m.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'data', m.data),
      m.at, m.at + make_interval(secs => ${RETRY_FOR_MS / 1000}), m.at
    -- One id a message, whichever endpoints it goes to (a volatile select list keeps the subquery apart).
    from (select s.customer_id, s.data, s.at, 'msg_' || replace(gen_random_uuid()::text, '-', '') as message_id
          from (${source}) as s) as m
    join ${webhookEndpoints} as e on e.customer_id = m.customer_id and e.disabled_at is null
      and e.events @> array[${event}::text]`;
}

/**
 * `queueWebhookEventsSql`'s entry in each customer's activity, for the same statement's WITH list:
 * one row per row of `source` whose customer has an endpoint for the event, naming its machine.
 */
export function auditWebhookEventsSql(event: WebhookEvent, source: SQL): SQL {
  const actor = SENT_BY_THE_SERVICE;
  return sql`insert into ${auditLog} (at, action, actor_id, actor_email, actor_staff, subject_id, subject_email, subject_customer_id, method, path, detail)
    select s.at, ${actor.action}, ${actor.actorId}::uuid, ${actor.actorEmail}, ${actor.actorStaff}, ${actor.subjectId}::uuid,
      ${actor.subjectEmail}, s.customer_id, ${actor.method}, ${actor.path},
      jsonb_build_object('target', ${event}::text, 'to', s.data->>'certname')
    from (${source}) as s
    where exists (select 1 from ${webhookEndpoints} as e where e.customer_id = s.customer_id
      and e.disabled_at is null and e.events @> array[${event}::text])`;
}
