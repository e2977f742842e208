import { featureCatalogue } from '@tidewatch/content';
import { contract, type FeatureState, REFUSALS } from '@tidewatch/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { tenantOf } from '../../core/access';
import { implement } from '../../core/route';
import type { Database } from '../../db/client';
import { featureSwitches, tags } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { tagsByName } from '../tags';

/** Every catalogue feature with one customer's switches (a feature never switched is off). */
async function featureStates(db: Database, customerId: string): Promise<FeatureState[]> {
  const rows = await db
    .select({ featureId: featureSwitches.featureId, enabled: featureSwitches.enabled, tag: tags.name })
    .from(featureSwitches)
    .leftJoin(tags, eq(tags.id, featureSwitches.tagId))
    .where(eq(featureSwitches.customerId, customerId))
    .orderBy(asc(tags.name));
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
      return { data: await featureStates(db, request.params.customer_id) };
    },

    async set(request) {
      const { customer_id, feature_id } = request.params;
      if (!featureCatalogue.some((feature) => feature.id === feature_id))
        throw notFound(REFUSALS.noSuchFeature);
      const { tag, enabled } = request.body;
      const [tagRow] = tag ? await tagsByName(db, tenantOf(request), [tag], 'tag') : [];
      const scope = and(
        eq(featureSwitches.customerId, customer_id),
        eq(featureSwitches.featureId, feature_id),
        tagRow ? eq(featureSwitches.tagId, tagRow.id) : isNull(featureSwitches.tagId),
      );
      if (enabled === null) {
        await db.delete(featureSwitches).where(scope);
      } else {
        const now = app.now();
        const updatedById = request.auth?.user.id ?? null;
        await db
          .insert(featureSwitches)
          .values({
            customerId: customer_id,
            featureId: feature_id,
            tagId: tagRow?.id ?? null,
            enabled,
            updatedAt: now,
            updatedById,
          })
          .onConflictDoUpdate({
            target: [featureSwitches.customerId, featureSwitches.featureId, featureSwitches.tagId],
            set: { enabled, updatedAt: now, updatedById },
          });
      }
      const state = (await featureStates(db, customer_id)).find((feature) => feature.id === feature_id);
      if (!state) throw new Error('The switched feature has no state');
      return state;
    },
  });
}
