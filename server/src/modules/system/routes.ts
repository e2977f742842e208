import { contract, REFUSALS } from '@tidewatch/contract';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../core/route';
import { HttpError } from '../../lib/http-error';

const TIME_ZONES = [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])].sort();

/** Probes for the load balancer and orchestrator, at the origin's root. */
export async function probeRoutes(app: FastifyInstance, options: { databaseReady: () => Promise<void> }) {
  const { health, ready } = contract.system;
  implement(
    app,
    { health, ready },
    {
      async health() {
        return { status: 'ok' as const };
      },
      async ready(request) {
        try {
          await options.databaseReady();
        } catch (error) {
          request.log.error({ err: error }, 'database does not answer');
          throw new HttpError(503, REFUSALS.databaseDown);
        }
        return { status: 'ok' as const };
      },
    },
  );
}

export async function timezoneRoutes(app: FastifyInstance) {
  implement(app, { timezones: contract.system.timezones }, { timezones: async () => TIME_ZONES });
}
