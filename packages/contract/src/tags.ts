import { z } from 'zod';
import { CustomerId, dataEnvelope } from './common';
import { defineRoute, sessionAccess } from './route';

/** A team as the sidebar and the team page list it (spec section 3: name, timezone). */
export const TeamItem = z.object({ name: z.string(), timezone: z.string().nullable() });
export type TeamItem = z.infer<typeof TeamItem>;

export const tagRoutes = {
  teams: defineRoute({
    method: 'GET',
    path: '/tags/team/customer/{customer_id}',
    access: sessionAccess,
    summary: "A customer's teams, by name",
    params: z.object({ customer_id: CustomerId }),
    tenant: { from: 'params', key: 'customer_id' },
    response: dataEnvelope(z.array(TeamItem)),
  }),
};
