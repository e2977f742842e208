import { contract } from '@tidewatch/contract';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../core/route';
import { scheduleServiceWindowJobs } from './jobs';
import { agentHandlers } from './routes/agent';
import { calendarHandlers } from './routes/calendar';

/** Agent calls per address and minute: a fleet behind one NAT polls every few minutes. */
const AGENT_RATE_LIMIT = { max: 120, timeWindow: 60_000 };

/**
 * The calendar feed and the agent's window calls (no session: a secret address, a credential),
 * and the jobs that book ahead, move windows along and send notices.
 */
export async function serviceWindowPublicRoutes(app: FastifyInstance, options: { publicUrl: string }) {
  implement(
    app,
    contract.serviceWindowPublic,
    { ...calendarHandlers(app, options.publicUrl), ...agentHandlers(app) },
    {
      calendar: { audit: false, rateLimit: AGENT_RATE_LIMIT },
      agentWindow: { audit: false, rateLimit: AGENT_RATE_LIMIT },
      agentDone: { audit: false, rateLimit: AGENT_RATE_LIMIT },
    },
  );
  scheduleServiceWindowJobs(app, options.publicUrl);
}
