import { REFUSALS } from '@tidewatch/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';
import { HttpError } from '../lib/http-error';

export interface UserRateLimitOptions {
  /** Requests per user and window, over every replica. */
  max: number;
  /** Requests per API token and window: a token has its own limit, not its maker's. */
  tokenMax: number;
  windowMs: number;
  /** How often a replica adds its hits to the shared count while under the limit. */
  syncEveryMs: number;
  clock?: () => number;
}

interface UserWindow {
  index: number;
  /** The count over every replica, as of this replica's last sync. */
  shared: number;
  /** Hits here not yet added to the shared count. */
  pending: number;
  lastSyncAt: number;
  syncing: Promise<void> | null;
}

/** Adds `hits` to a window's shared counter (the window is fixed, so every replica names it alike). */
async function addHits(db: Database, key: string, hits: number, resetAt: Date): Promise<number> {
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: hits, resetAt })
    .onConflictDoUpdate({ target: rateLimits.key, set: { count: sql`${rateLimits.count} + ${hits}` } })
    .returning({ count: rateLimits.count });
  return row?.count ?? hits;
}

/**
 * Requests per signed-in user (the admin behind an impersonation), so one client cannot starve the
 * rest. Counted here and added to a counter in the database about once a second, not once a
 * request; the database is asked on a user's first request of a window and on every request
 * once past half the limit, so no refusal rests on this replica's count alone.
 */
export function createUserRateLimiter(
  db: Database,
  options: Pick<UserRateLimitOptions, 'max' | 'windowMs' | 'syncEveryMs' | 'clock'>,
) {
  const clock = options.clock ?? Date.now;
  const windows = new Map<string, UserWindow>();

  function sync(userId: string, window: UserWindow): Promise<void> {
    if (window.syncing) return window.syncing;
    const hits = window.pending;
    window.pending = 0;
    window.lastSyncAt = clock();
    const key = `${userId}:${window.index}`;
    const resetAt = new Date((window.index + 1) * options.windowMs);
    window.syncing = addHits(db, key, hits, resetAt)
      .then((count) => {
        window.shared = Math.max(window.shared, count);
      })
      .catch((error: unknown) => {
        // Not counted yet, not lost: the next sync adds them.
        window.pending += hits;
        throw error;
      })
      .finally(() => {
        window.syncing = null;
      });
    return window.syncing;
  }

  return {
    /**
     * Counts one request for a key (`user:<id>`, `token:<id>`); rejects with 429 once its window is
     * used up, else tells what is left of it.
     */
    async hit(userId: string): Promise<{ remaining: number; resetSeconds: number }> {
      const at = clock();
      const index = Math.floor(at / options.windowMs);
      let window = windows.get(userId);
      const fresh = !window || window.index !== index;
      if (!window || fresh) {
        window = { index, shared: 0, pending: 0, lastSyncAt: 0, syncing: null };
        windows.set(userId, window);
      }
      window.pending++;
      // Past half the limit every request asks the database, so replicas together stop at the limit.
      if (fresh || window.shared + window.pending > options.max / 2) {
        await window.syncing?.catch(() => {});
        await sync(userId, window);
      } else if (at - window.lastSyncAt >= options.syncEveryMs) {
        sync(userId, window).catch(() => {});
      }
      const seconds = Math.max(1, Math.ceil(((index + 1) * options.windowMs - at) / 1000));
      if (window.shared + window.pending > options.max) {
        throw new HttpError(
          429,
          REFUSALS.tooManyRequests,
          undefined,
          { 'retry-after': String(seconds) },
          { seconds },
        );
      }
      return { remaining: options.max - window.shared - window.pending, resetSeconds: seconds };
    },
    /** Windows that ended are forgotten. */
    prune() {
      const index = Math.floor(clock() / options.windowMs);
      for (const [userId, window] of windows) if (window.index < index) windows.delete(userId);
    },
  };
}

/**
 * Applies the per-user limit to every signed-in API request (after the session plugin), and each API
 * token's own limit to its calls, telling automation where it stands in `RateLimit-*` headers.
 */
export const userRateLimitPlugin = fp(async (app: FastifyInstance, options: UserRateLimitOptions) => {
  const users = createUserRateLimiter(app.db, options);
  const tokens = createUserRateLimiter(app.db, { ...options, max: options.tokenMax });
  const pruning = setInterval(() => {
    users.prune();
    tokens.prune();
  }, options.windowMs);
  pruning.unref();
  app.addHook('onClose', async () => clearInterval(pruning));
  app.addHook('onRequest', async (request, reply) => {
    const auth = request.auth;
    if (!auth) return;
    if (!auth.apiToken) {
      await users.hit(`user:${auth.impersonator?.id ?? auth.user.id}`);
      return;
    }
    reply.header('ratelimit-limit', String(options.tokenMax));
    try {
      const { remaining, resetSeconds } = await tokens.hit(`token:${auth.apiToken.id}`);
      reply.header('ratelimit-remaining', String(remaining));
      reply.header('ratelimit-reset', String(resetSeconds));
    } catch (error) {
      if (error instanceof HttpError && error.values) {
        reply.header('ratelimit-remaining', '0');
        reply.header('ratelimit-reset', String(error.values.seconds));
      }
      throw error;
    }
  });
});
