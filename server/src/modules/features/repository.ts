import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Tenant } from '../../core/tenant';
import type { Database } from '../../db/client';
import { featureSwitches, tags } from '../../db/schema';

/** A customer's feature switches with the name of the tag each is for (null: for all machines), by tag name. */
export async function switchesOf(
  db: Database,
  tenant: Tenant,
): Promise<{ featureId: string; enabled: boolean; tag: string | null }[]> {
  return db
    .select({ featureId: featureSwitches.featureId, enabled: featureSwitches.enabled, tag: tags.name })
    .from(featureSwitches)
    .leftJoin(tags, eq(tags.id, featureSwitches.tagId))
    .where(eq(featureSwitches.customerId, tenant.customerId))
    .orderBy(asc(tags.name));
}

/** One switch of a customer's feature: for one tag, or for all machines when the tag is null. */
export interface SwitchScope {
  featureId: string;
  tagId: string | null;
}

/** Sets the switch (`enabled` true or false) or removes it (null), recording who and when. */
export async function setSwitch(
  db: Database,
  tenant: Tenant,
  scope: SwitchScope,
  enabled: boolean | null,
  change: { now: Date; updatedById: string | null },
): Promise<void> {
  if (enabled === null) {
    await db
      .delete(featureSwitches)
      .where(
        and(
          eq(featureSwitches.customerId, tenant.customerId),
          eq(featureSwitches.featureId, scope.featureId),
          scope.tagId ? eq(featureSwitches.tagId, scope.tagId) : isNull(featureSwitches.tagId),
        ),
      );
    return;
  }
  const { now, updatedById } = change;
  await db
    .insert(featureSwitches)
    .values({
      customerId: tenant.customerId,
      featureId: scope.featureId,
      tagId: scope.tagId,
      enabled,
      updatedAt: now,
      updatedById,
    })
    .onConflictDoUpdate({
      target: [featureSwitches.customerId, featureSwitches.featureId, featureSwitches.tagId],
      set: { enabled, updatedAt: now, updatedById },
    });
}
