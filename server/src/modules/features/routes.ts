import { featureCatalogue } from '@tidewatch/content';
import { contract, type FeatureState, REFUSALS } from '@tidewatch/contract';
import type { FastifyInstance } from 'fastify';
import { tenantOf } from '../../core/access';
import { implement } from '../../core/route';
import type { Tenant } from '../../core/tenant';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/http-error';
import { tagsByName } from '../tags';
import { setSwitch, switchesOf } from './repository';

/** Every catalogue feature with one customer's switches (a feature never switched is off). */
async function featureStates(db: Database, tenant: Tenant): Promise<FeatureState[]> {
  const rows = await switchesOf(db, tenant);
  return featureCatalogue.map((feature) => {
    const own = rows.filter((row) => row.featureId === feature.id);
    return {
      id: feature.id,
      enabled_for_all: own.find((row) => row.tag === null)?.enabled ?? false,
      tags: own.flatMap((row) => (row.tag === null ? [] : [{ tag: row.tag, enabled: row.enabled }])),
    };
  });
}

export async function featureRoutes(app: FastifyInstance) {
  const { db } = app;

  implement(app, contract.features, {
    async list(request) {
      return { data: await featureStates(db, tenantOf(request)) };
    },

    async set(request) {
      const tenant = tenantOf(request);
      const { feature_id } = request.params;
      if (!featureCatalogue.some((feature) => feature.id === feature_id))
        throw notFound(REFUSALS.noSuchFeature);
      const { tag, enabled } = request.body;
      const [tagRow] = tag ? await tagsByName(db, tenant, [tag], 'tag') : [];
      await setSwitch(db, tenant, { featureId: feature_id, tagId: tagRow?.id ?? null }, enabled, {
        now: app.now(),
        updatedById: request.auth?.user.id ?? null,
      });
      const state = (await featureStates(db, tenant)).find((feature) => feature.id === feature_id);
      if (!state) throw new Error('The switched feature has no state');
      return state;
    },
  });
}
