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
    incr(key: string, callback: Callback, timeWindow: number) {
      const at = now();
      const resetAt = new Date(at.getTime() + timeWindow);
      db.insert(rateLimits)
        .values({ key, count: 1, resetAt })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.resetAt} <= ${at.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
            resetAt: sql`case when ${rateLimits.resetAt} <= ${at.toISOString()}::timestamptz then ${resetAt.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
          },
        })
        .returning()
        .then(([row]) => callback(null, toCounter(row, at)))
        .catch((error: Error) => callback(error));
    }

    read(key: string, callback: Callback) {
      const at = now();
      db.select()
        .from(rateLimits)
        .where(eq(rateLimits.key, key))
        .then(([row]) =>
          callback(null, row && row.resetAt > at ? toCounter(row, at) : { current: 0, ttl: 0 }),
        )
        .catch((error: Error) => callback(error));
    }

    child() {
      return this;
    }
  };
}

function toCounter(row: { count: number; resetAt: Date } | undefined, at: Date): Counter {
  if (!row) return { current: 0, ttl: 0 };
  return { current: row.count, ttl: Math.max(0, row.resetAt.getTime() - at.getTime()) };
}

export const rateLimitPlugin = fp(async (app: FastifyInstance, options: { now: () => Date }) => {
  await app.register(rateLimit, { global: false, store: databaseStore(app.db, options.now) });
});
