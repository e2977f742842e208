import { contract } from '@tidewatch/contract';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../core/route';
import { calendarFeedHandlers } from './routes/calendar-feed';
import { configurationHandlers } from './routes/configurations';
import { exemptionHandlers } from './routes/exemptions';
import { proposalHandlers } from './routes/proposals';
import { staffQueueHandlers } from './routes/staff-queue';
import { windowHandlers } from './routes/windows';

/** The portal's service-window routes: configurations, proposals, windows, exemptions, the feed, staff's queue. */
export async function serviceWindowRoutes(app: FastifyInstance, options: { publicUrl: string }) {
  implement(app, contract.serviceWindows, {
    ...staffQueueHandlers(app),
    ...configurationHandlers(app),
    ...proposalHandlers(app),
    ...windowHandlers(app),
    ...exemptionHandlers(app),
    ...calendarFeedHandlers(app, options.publicUrl),
  });
}
