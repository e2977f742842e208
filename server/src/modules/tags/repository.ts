import { REFUSALS } from '@tidewatch/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clusterTags, serverTags, type TagRow, tags } from '../../db/schema';
import { fieldRefusal } from '../../lib/http-error';

/** One customer's tags by name, in the order asked; 400 naming the field when one does not exist. */
export async function tagsByName(
  db: Database,
  customerId: string,
  names: readonly string[],
  field = 'tags',
): Promise<TagRow[]> {
  if (names.length === 0) return [];
  const rows = await db
    .select()
    .from(tags)
    .where(and(eq(tags.customerId, customerId), inArray(tags.name, [...names])));
  return names.map((name) => {
    const row = rows.find((candidate) => candidate.name === name);
    if (!row) throw fieldRefusal(400, field, REFUSALS.noTagNamed, { name });
    return row;
  });
}

export async function findTag(db: Database, customerId: string, id: string): Promise<TagRow | null> {
  const [row] = await db
    .select()
    .from(tags)
    .where(and(eq(tags.customerId, customerId), eq(tags.id, id)))
    .limit(1);
  return row ?? null;
}

export async function findTagByName(db: Database, customerId: string, name: string): Promise<TagRow | null> {
  const [row] = await db
    .select()
    .from(tags)
    .where(and(eq(tags.customerId, customerId), eq(tags.name, name)))
    .limit(1);
  return row ?? null;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Replaces a server's or cluster's tags with these, in this order. */
export async function replaceTags(
  db: Database | Tx,
  member: { serverId: string } | { clusterId: string },
  tagIds: string[],
): Promise<void> {
  if ('serverId' in member) {
    await db.delete(serverTags).where(eq(serverTags.serverId, member.serverId));
    if (tagIds.length) {
      await db
        .insert(serverTags)
        .values(tagIds.map((tagId, position) => ({ serverId: member.serverId, tagId, position })));
    }
  } else {
    await db.delete(clusterTags).where(eq(clusterTags.clusterId, member.clusterId));
    if (tagIds.length) {
      await db
        .insert(clusterTags)
        .values(tagIds.map((tagId, position) => ({ clusterId: member.clusterId, tagId, position })));
    }
  }
}
