import http from 'node:http';
import https from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { createDrainLoop } from '../../lib/drain-loop';
import type { SecretBox } from '../../lib/secret-box';
import { type Mailer, webhookDisabledMail } from '../mail';
import { managersOf } from '../users';
import {
  type ClaimedDelivery,
  claimDueDeliveries,
  companyOf,
  markEndpointFailing,
  markEndpointHealthy,
  recordAttempt,
} from './repository';
import { signedHeaders } from './signing';
import { checkLiteralTarget, guardedLookup, type TargetPolicy } from './target';

export const WEBHOOK_DELIVERY = {
  /** How often an idle worker looks for deliveries another replica queued. */
  pollMs: 1_000,
  batch: 20,
  /** The wait after the first failed try; it doubles with each try, up to four hours, for a day. */
  firstBackoffSeconds: 30,
  maxBackoffSeconds: 4 * 60 * 60,
  /** An endpoint whose every delivery failed for this long is turned off and its managers told. */
  failingForMs: 3 * 24 * 60 * 60_000,
  /** A receiver has this long to answer; well inside the claim's first backoff. */
  timeoutMs: 10_000,
  /** How much of an answer the log keeps. */
  excerptChars: 500,
} as const;

export interface WebhookWorker {
  /** Delivers what is due now, at once (after a test send or a redelivery). */
  kick(): void;
  start(): void;
  /** Delivers everything due now and resolves when done (tests await it instead of sleeping). */
  drain(): Promise<void>;
  close(): Promise<void>;
}

interface Answer {
  statusCode: number | null;
  excerpt: string;
}

/** POSTs the body, connecting only to an address the policy allows, and reads the start of the answer. */
function post(
  url: URL,
  body: string,
  headers: Record<string, string>,
  policy: TargetPolicy,
): Promise<Answer> {
  return new Promise((resolve) => {
    try {
      checkLiteralTarget(url, policy);
    } catch (error) {
      resolve({ statusCode: null, excerpt: (error as Error).message });
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Tidewatch-Webhooks/1',
        },
        lookup: guardedLookup(policy) as never,
        timeout: WEBHOOK_DELIVERY.timeoutMs,
      },
      (response) => {
        let excerpt = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (excerpt.length < WEBHOOK_DELIVERY.excerptChars) excerpt += chunk;
          else response.destroy();
        });
        const done = () =>
          resolve({
            statusCode: response.statusCode ?? null,
            excerpt: excerpt.slice(0, WEBHOOK_DELIVERY.excerptChars),
          });
        response.on('end', done);
        response.on('close', done);
      },
    );
    request.on('timeout', () =>
      request.destroy(new Error(`No answer within ${WEBHOOK_DELIVERY.timeoutMs / 1000} s`)),
    );
    request.on('error', (error) => resolve({ statusCode: null, excerpt: error.message || String(error) }));
    request.end(body);
  });
}

/**
 * Delivers queued webhook messages off the request, signed per Standard Webhooks, retrying with
 * backoff for a day. Rows are claimed with one atomic update, so replicas never send one twice at
 * once; an endpoint failing for three days is turned off and the customer's managers are mailed.
 */
export function createWebhookWorker(options: {
  db: Database;
  now: () => Date;
  log: FastifyBaseLogger;
  secrets: SecretBox;
  policy: TargetPolicy;
  mailer: Mailer;
  publicUrl: string;
}): WebhookWorker {
  const { db, now, log, secrets, policy, mailer } = options;

  function signingSecrets({ endpoint }: ClaimedDelivery, at: Date): string[] {
    const current = secrets.open(endpoint.secret);
    const previousSigns =
      endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil > at;
    return previousSigns && endpoint.previousSecret
      ? [current, secrets.open(endpoint.previousSecret)]
      : [current];
  }

  async function tellManagers(endpoint: ClaimedDelivery['endpoint']) {
    const [managers, company] = await Promise.all([
      managersOf(db, endpoint.customerId),
      companyOf(db, endpoint.customerId),
    ]);
    await mailer.queue(
      managers.map((manager) =>
        webhookDisabledMail(manager.language, {
          to: manager.email,
          company,
          url: endpoint.url,
          webhooksUrl: `${options.publicUrl}/customer/webhooks`,
        }),
      ),
      log.child({ webhookId: endpoint.id }),
    );
  }

  async function deliver(claimed: ClaimedDelivery) {
    const { delivery, endpoint } = claimed;
    const at = now();
    const started = performance.now();
    const body = JSON.stringify(delivery.payload);
    const answer: Answer = endpoint.disabledAt
      ? { statusCode: null, excerpt: 'The webhook is turned off' }
      : await post(
          new URL(endpoint.url),
          body,
          signedHeaders(delivery.messageId, at, body, signingSecrets(claimed, at)),
          policy,
        );
    const succeeded = answer.statusCode !== null && answer.statusCode >= 200 && answer.statusCode < 300;
    const giveUp = endpoint.disabledAt !== null || (delivery.nextAttemptAt ?? at) > delivery.giveUpAt;
    await recordAttempt(
      db,
      delivery,
      {
        attemptedAt: at,
        statusCode: answer.statusCode,
        durationMs: Math.round(performance.now() - started),
        responseExcerpt: answer.excerpt,
      },
      succeeded ? 'succeeded' : giveUp ? 'failed' : 'retry',
    );
    if (succeeded) return markEndpointHealthy(db, endpoint.id);
    if (endpoint.disabledAt) return;
    log.warn(
      {
        webhookId: endpoint.id,
        deliveryId: delivery.id,
        attempt: delivery.attempts,
        status: answer.statusCode,
      },
      giveUp ? 'webhook not delivered; no more tries' : 'webhook not delivered; it will be tried again',
    );
    const disabled = await markEndpointFailing(db, endpoint.id, at, WEBHOOK_DELIVERY.failingForMs);
    if (disabled) await tellManagers(disabled);
  }

  async function deliverDue(): Promise<number> {
    const claimed = await claimDueDeliveries(db, now(), WEBHOOK_DELIVERY);
    // One receiver's slow answer should not hold up the others'.
    await Promise.all(
      claimed.map((each) =>
        deliver(each).catch((error) => log.error({ err: error }, 'webhook delivery failed')),
      ),
    );
    return claimed.length;
  }

  const loop = createDrainLoop({
    takeBatch: deliverDue,
    batch: WEBHOOK_DELIVERY.batch,
    pollMs: WEBHOOK_DELIVERY.pollMs,
    log,
    failure: 'webhook delivery failed',
  });
  return {
    kick() {
      if (loop.started) void loop.run();
    },
    start: loop.start,
    drain: loop.run,
    close: loop.stop,
  };
}
