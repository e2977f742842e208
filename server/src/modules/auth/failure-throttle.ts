import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error';

export interface FailureLimit {
  max: number;
  /** What a request's failures count against; null where this limit does not apply to it. */
  key: (request: FastifyRequest) => string | null;
}

/**
 * Counts failed guesses of a secret (password, second factor) in the shared rate-limit table.
 * Only failures count; once any applicable limit is used up, every try is refused with 429 and
 * Retry-After until its window ends, so the caller learns when to come back and nothing else.
 */
export function failureThrottle(
  app: FastifyInstance,
  options: { windowMs: number; limits: FailureLimit[]; refusal: string },
) {
  const counters = options.limits.map((limit) =>
    app.createRateLimit({
      max: limit.max,
      timeWindow: options.windowMs,
      keyGenerator: (request) => limit.key(request) ?? '',
      // A limit that does not apply neither counts nor refuses.
      allowList: (_request, key) => key === '',
    }),
  );

  return {
    async assertAllowed(request: FastifyRequest): Promise<void> {
      for (const counter of counters) {
        const result = await counter(request, { increment: false });
        if (!result.isAllowed && result.remaining === 0) {
          const minutes = Math.ceil(result.ttlInSeconds / 60);
          throw new HttpError(
            429,
            options.refusal,
            undefined,
            { 'retry-after': String(result.ttlInSeconds) },
            { minutes },
          );
        }
      }
    },

    async countFailure(request: FastifyRequest): Promise<void> {
      await Promise.all(counters.map((counter) => counter(request)));
    },
  };
}
