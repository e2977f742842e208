import rateLimit from '@fastify/rate-limit';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';

type Counter = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counter) => void;

/**
 * A @fastify/rate-limit store on the database, so that every replica shares the counters.
 * Fixed windows: the first hit of a key opens a window of `timeWindow` ms.
 */
function databaseStore(db: Database, now: () => Date) {
  return class DatabaseRateLimitStore {
    /** Each route counts on its own: its method and path prefix every key. */
    private readonly scope: string;

    // The plugin constructs the first store with its options; child() passes a scope.
    constructor(scope?: unknown) {
      this.scope = typeof scope === 'string' ? scope : '';
    }

    incr(rawKey: string, callback: Callback, timeWindow: number) {
      countHit(db, this.scope + rawKey, timeWindow, now())
        .then((counter) => callback(null, counter))
        .catch((error: Error) => callback(error));
    }

    read(rawKey: string, callback: Callback) {
      const key = this.scope + rawKey;
      const at = now();
      db.select()
        .from(rateLimits)
        .where(eq(rateLimits.key, key))
        .then(([row]) =>
          callback(null, row && row.resetAt > at ? toCounter(row, at) : { current: 0, ttl: 0 }),
        )
        .catch((error: Error) => callback(error));
    }

    child(params: unknown) {
      const route = (params as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      // Limits made with createRateLimit name their keys themselves and have no route.
      return route?.url
        ? new DatabaseRateLimitStore(`${[route.method].flat().join(',')} ${route.url}|`)
        : this;
    }
  };
}

/** Counts one hit of `key` in its fixed window (opened by the first hit) and answers the count so far. */
export async function countHit(db: Database, key: string, timeWindow: number, at: Date): Promise<Counter> {
  const resetAt = new Date(at.getTime() + timeWindow);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= ${at.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${at.toISOString()}::timestamptz then ${resetAt.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
      },
    })
    .returning();
  return toCounter(row, at);
}

function toCounter(row: { count: number; resetAt: Date } | undefined, at: Date): Counter {
  if (!row) return { current: 0, ttl: 0 };
  return { current: row.count, ttl: Math.max(0, row.resetAt.getTime() - at.getTime()) };
}

export const rateLimitPlugin = fp(async (app: FastifyInstance, options: { now: () => Date }) => {
  await app.register(rateLimit, { global: false, store: databaseStore(app.db, options.now) });
});
