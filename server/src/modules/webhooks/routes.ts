import {
  contract,
  REFUSALS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@tidewatch/contract';
import type { FastifyInstance } from 'fastify';
import { tenantOf } from '../../core/access';
import { implement } from '../../core/route';
import type { Tenant } from '../../core/tenant';
import { fieldRefusal, notFound } from '../../lib/http-error';
import type { SecretBox } from '../../lib/secret-box';
import { queueRedelivery, queueTestEvent } from './events';
import {
  attemptsOf,
  deleteEndpoint,
  failPendingDeliveries,
  findDelivery,
  findEndpoint,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  updateEndpoint,
  type WebhookAttemptRow,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from './repository';
import { newWebhookSecret, PREVIOUS_SECRET_SIGNS_FOR_MS } from './signing';
import { checkTarget, type TargetPolicy, TargetRefused } from './target';
import type { WebhookWorker } from './worker';

function toEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.disabledAt === null,
    disabled_reason: row.disabledReason,
    failing_since: row.failingSince?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

function toDelivery(row: WebhookDeliveryRow, attempts: WebhookAttemptRow[]): WebhookDelivery {
  return {
    id: row.id,
    message_id: row.messageId,
    event: row.event,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    next_attempt_at: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    payload: row.payload,
    attempts: attempts.map((attempt) => ({
      attempted_at: attempt.attemptedAt.toISOString(),
      status_code: attempt.statusCode,
      duration_ms: attempt.durationMs,
      response_excerpt: attempt.responseExcerpt,
    })),
  };
}

/** A customer's webhook endpoints and their delivery logs (decision 0094). */
export async function webhookRoutes(
  app: FastifyInstance,
  options: { policy: TargetPolicy; secrets: SecretBox; worker: WebhookWorker },
) {
  const { db } = app;
  const { policy, secrets, worker } = options;

  async function load(tenant: Tenant, id: string): Promise<WebhookEndpointRow> {
    const row = await findEndpoint(db, tenant, id);
    if (!row) throw notFound(REFUSALS.noSuchWebhook);
    return row;
  }

  /** Refuses a target the policy does not allow, in the form's `url` field. */
  async function allowedTarget(url: string): Promise<string> {
    try {
      await checkTarget(url, policy);
    } catch (error) {
      if (error instanceof TargetRefused) throw fieldRefusal(400, 'url', error.messageId, error.values);
      throw error;
    }
    return url;
  }

  async function withAttempts(rows: WebhookDeliveryRow[]): Promise<WebhookDelivery[]> {
    const attempts = await attemptsOf(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toDelivery(row, attempts.get(row.id) ?? []));
  }

  async function sendNow(delivery: WebhookDeliveryRow): Promise<WebhookDelivery> {
    worker.kick();
    const [shown] = await withAttempts([delivery]);
    if (!shown) throw new Error('queued delivery');
    return shown;
  }

  implement(app, contract.webhooks, {
    async list(request) {
      return { data: (await listEndpoints(db, tenantOf(request))).map(toEndpoint) };
    },

    async create(request) {
      const { url, events, description } = request.body;
      const secret = newWebhookSecret();
      const row = await insertEndpoint(db, tenantOf(request), {
        url: await allowedTarget(url),
        events: [...new Set<WebhookEvent>(events)],
        description: description ?? '',
        secret: secrets.seal(secret),
        createdAt: app.now(),
      });
      return { ...toEndpoint(row), secret, previous_secret_valid_until: null };
    },

    async update(request) {
      const endpoint = await load(tenantOf(request), request.params.webhook_id);
      const { url, events, description, enabled } = request.body;
      const turnedOff = enabled === false && endpoint.disabledAt === null;
      const row = await updateEndpoint(db, endpoint, {
        ...(url !== undefined && { url: await allowedTarget(url) }),
        ...(events !== undefined && { events }),
        // An emptied description arrives as undefined, but under its key.
        ...('description' in request.body && { description: description ?? '' }),
        ...(turnedOff && { disabledAt: app.now(), disabledReason: 'by_user' as const }),
        // On again: a fresh start, as if it had never failed.
        ...(enabled === true && { disabledAt: null, disabledReason: null, failingSince: null }),
      });
      if (turnedOff) await failPendingDeliveries(db, endpoint.id);
      return toEndpoint(row);
    },

    async delete(request) {
      await deleteEndpoint(db, await load(tenantOf(request), request.params.webhook_id));
    },

    async test(request) {
      const endpoint = await load(tenantOf(request), request.params.webhook_id);
      return sendNow(await queueTestEvent(db, endpoint, app.now()));
    },

    async rotateSecret(request) {
      const endpoint = await load(tenantOf(request), request.params.webhook_id);
      const secret = newWebhookSecret();
      const until = new Date(app.now().getTime() + PREVIOUS_SECRET_SIGNS_FOR_MS);
      await updateEndpoint(db, endpoint, {
        secret: secrets.seal(secret),
        previousSecret: endpoint.secret,
        previousSecretUntil: until,
      });
      return { secret, previous_secret_valid_until: until.toISOString() };
    },

    async deliveries(request) {
      const endpoint = await load(tenantOf(request), request.params.webhook_id);
      const { rows, ...page } = await listDeliveries(db, endpoint, request.query);
      return { data: await withAttempts(rows), ...page };
    },

    async redeliver(request) {
      const endpoint = await load(tenantOf(request), request.params.webhook_id);
      const delivery = await findDelivery(db, endpoint, request.params.delivery_id);
      if (!delivery) throw notFound(REFUSALS.noSuchDelivery);
      return sendNow(await queueRedelivery(db, delivery, app.now()));
    },
  });
}
