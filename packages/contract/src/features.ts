import { z } from 'zod';
import { CustomerId, dataEnvelope, text } from './common';
import { TagName } from './infrastructure';
import { defineRoute, requires, sessionAccess } from './route';

/**
 * A catalogue feature's switches for one customer (names and descriptions are in the content
 * catalogue): one for all servers, and overrides per tag, the server's earliest tag winning.
 */
export const FeatureState = z.object({
  id: z.string(),
  enabled_for_all: z.boolean(),
  tags: z.array(z.object({ tag: z.string(), enabled: z.boolean() })),
});
export type FeatureState = z.infer<typeof FeatureState>;

export const featureRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/customer/{customer_id}/features',
    access: sessionAccess,
    summary: 'Every catalogue feature with its switches, in catalogue order',
    params: z.object({ customer_id: CustomerId }),
    tenant: { from: 'params', key: 'customer_id' },
    response: dataEnvelope(z.array(FeatureState)),
  }),
  set: defineRoute({
    method: 'PUT',
    path: '/customer/{customer_id}/features/{feature_id}',
    access: requires('infrastructure.manage'),
    summary: 'Switch a feature for all servers, or for a tag (null removes the tag override)',
    params: z.object({ customer_id: CustomerId, feature_id: text().max(64) }),
    body: z
      .object({ tag: TagName.optional(), enabled: z.boolean().nullable() })
      .refine((body) => body.enabled !== null || body.tag !== undefined, {
        error: /*i18n*/ 'Switch the feature on or off for all servers',
        path: ['enabled'],
      }),
    tenant: { from: 'params', key: 'customer_id' },
    response: FeatureState,
  }),
};
