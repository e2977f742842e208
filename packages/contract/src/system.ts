import { z } from 'zod';
import { defineRoute, publicAccess } from './route';

export const HealthStatus = z.object({ status: z.enum(['ok']) });

export const systemRoutes = {
  health: defineRoute({
    method: 'GET',
    path: '/healthz',
    mount: 'root',
    access: publicAccess,
    summary: 'The process is up',
    response: HealthStatus,
  }),
  ready: defineRoute({
    method: 'GET',
    path: '/readyz',
    mount: 'root',
    access: publicAccess,
    summary: 'The database answers',
    response: HealthStatus,
  }),
  timezones: defineRoute({
    method: 'GET',
    path: '/timezone',
    access: publicAccess,
    summary: 'IANA time zone names',
    response: z.array(z.string()),
  }),
};
