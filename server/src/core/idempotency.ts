import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_HOURS,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_REFUSALS,
} from '@tidewatch/contract';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { idempotencyKeys } from '../db/schema';
import { HttpError } from '../lib/http-error';

/** How create routes honour `Idempotency-Key` (decided in docs/decisions/0062-idempotency-keys.md). */
export const IDEMPOTENCY = {
  keptMs: IDEMPOTENCY_KEY_HOURS * 60 * 60_000,
  /** A claim whose request never finished (its replica stopped) is taken over after this long. */
  abandonedAfterMs: 60_000,
  /** A repeat waits for the first request's answer this many times this long, then answers 409. */
  waitPolls: 200,
  pollMs: 50,
} as const;

/** The header whose presence marks an answer given again rather than made afresh. */
export const REPLAYED_HEADER = 'idempotent-replayed';

function keyOf(request: FastifyRequest): string | undefined {
  const sent = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (sent === undefined) return undefined;
  // The RFC draft sends the key as a quoted string; a bare one is as common.
  const key = typeof sent === 'string' ? sent.replace(/^"(.*)"$/, '$1') : '';
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    const message = IDEMPOTENCY_REFUSALS.keyInvalid;
    throw new HttpError(400, message, { [IDEMPOTENCY_KEY_HEADER]: [message] });
  }
  return key;
}

/** Whose key it is: one caller can never be answered with another's result. */
function scopeOf(request: FastifyRequest): string {
  const { auth } = request;
  if (!auth) return `address:${request.ip}`;
  return auth.impersonator ? `user:${auth.impersonator.id}:as:${auth.user.id}` : `user:${auth.user.id}`;
}

/** The request as sent to this route: method, address and body, a file by the digest of its bytes. */
async function fingerprintOf(request: FastifyRequest): Promise<string> {
  const body = request.body;
  const fields =
    typeof body === 'object' && body !== null
      ? Object.fromEntries(
          await Promise.all(
            Object.entries(body).map(async ([name, value]) => [
              name,
              value instanceof Blob
                ? createHash('sha256')
                    .update(new Uint8Array(await value.arrayBuffer()))
                    .digest('base64url')
                : value,
            ]),
          ),
        )
      : body;
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(fields) ?? ''}`)
    .digest('base64url');
}

/**
 * Runs a create route's handler once per caller and key: the first request claims the key in
 * the database (every replica sees the claim) before it runs; a repeat with the same request
 * waits for and gets the first answer, one with another request is refused. A failed request
 * gives its key back, so that it can be tried again.
 */
export async function oncePerKey(
  request: FastifyRequest,
  reply: FastifyReply,
  run: () => Promise<unknown>,
): Promise<unknown> {
  const key = keyOf(request);
  if (key === undefined) return run();
  const { db, now, idempotentAnswers } = request.server;
  const scope = scopeOf(request);
  const fingerprint = await fingerprintOf(request);
  const thisKey = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));

  for (let poll = 0; poll < IDEMPOTENCY.waitPolls; poll++) {
    const claimedAt = now();
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ scope, key, fingerprint, createdAt: claimedAt })
      .onConflictDoUpdate({
        target: [idempotencyKeys.scope, idempotencyKeys.key],
        set: { fingerprint, status: null, response: null, createdAt: claimedAt },
        setWhere: or(
          lt(idempotencyKeys.createdAt, new Date(claimedAt.getTime() - IDEMPOTENCY.keptMs)),
          and(
            isNull(idempotencyKeys.status),
            lt(idempotencyKeys.createdAt, new Date(claimedAt.getTime() - IDEMPOTENCY.abandonedAfterMs)),
          ),
        ),
      })
      .returning({ key: idempotencyKeys.key });
    if (claimed.length > 0) {
      const ours = and(thisKey, eq(idempotencyKeys.createdAt, claimedAt));
      let result: unknown;
      try {
        result = await run();
      } catch (error) {
        await db.delete(idempotencyKeys).where(ours);
        throw error;
      }
      // A handler that answered itself (a plain form's redirect) left nothing to answer again.
      if (reply.sent) await db.delete(idempotencyKeys).where(ours);
      else {
        const response = idempotentAnswers.seal(JSON.stringify(result ?? null));
        await db.update(idempotencyKeys).set({ status: reply.statusCode, response }).where(ours);
      }
      return result;
    }

    const [held] = await db.select().from(idempotencyKeys).where(thisKey);
    // Given back by a request that failed: claim it again at once.
    if (!held) continue;
    if (held.fingerprint !== fingerprint) throw new HttpError(422, IDEMPOTENCY_REFUSALS.keyReused);
    if (held.status !== null && held.response !== null) {
      reply.code(held.status).header(REPLAYED_HEADER, 'true');
      return JSON.parse(idempotentAnswers.open(held.response)) ?? undefined;
    }
    await sleep(IDEMPOTENCY.pollMs);
  }
  throw new HttpError(409, IDEMPOTENCY_REFUSALS.stillRunning);
}
