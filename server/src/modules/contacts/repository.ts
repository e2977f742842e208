import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tenant } from '../../core/tenant';
import type { Database, Tx } from '../../db/client';
import { type ContactRow, contacts, contactTags, tags } from '../../db/schema';
import { findTagByName } from '../tags';

export type { ContactRow };

/** The tag names of each contact, by name. */
export async function contactTagNamesOf(
  db: Database,
  contactIds: string[],
): Promise<{ contactId: string; name: string }[]> {
  if (contactIds.length === 0) return [];
  return db
    .select({ contactId: contactTags.contactId, name: tags.name })
    .from(contactTags)
    .innerJoin(tags, eq(tags.id, contactTags.tagId))
    .where(inArray(contactTags.contactId, contactIds))
    .orderBy(asc(tags.name));
}

export async function findContact(db: Database, tenant: Tenant, id: string): Promise<ContactRow | null> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.customerId, tenant.customerId), eq(contacts.id, id)))
    .limit(1);
  return row ?? null;
}

/** A customer's contacts by name, all or those with a tag (none for a tag it does not have). */
export async function listContacts(
  db: Database,
  tenant: Tenant,
  tag: string | undefined,
): Promise<ContactRow[]> {
  let where = eq(contacts.customerId, tenant.customerId);
  if (tag) {
    const row = await findTagByName(db, tenant, tag);
    if (!row) return [];
    where = and(
      where,
      inArray(
        contacts.id,
        db.select({ id: contactTags.contactId }).from(contactTags).where(eq(contactTags.tagId, row.id)),
      ),
    ) as typeof where;
  }
  return db.select().from(contacts).where(where).orderBy(asc(contacts.name));
}

type ContactFields = Pick<ContactRow, 'name' | 'email' | 'phone' | 'kinds'>;

/** Adds a contact with its tags, in one transaction. */
export async function insertContact(
  db: Database,
  tenant: Tenant,
  fields: ContactFields,
  tagIds: string[],
): Promise<ContactRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contacts)
      .values({ customerId: tenant.customerId, ...fields })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await addTags(tx, row, tagIds);
    return row;
  });
}

export async function updateContact(
  db: Database,
  row: ContactRow,
  fields: Partial<ContactFields>,
): Promise<void> {
  await db.update(contacts).set(fields).where(eq(contacts.id, row.id));
}

async function addTags(db: Database | Tx, row: ContactRow, tagIds: string[]): Promise<void> {
  if (tagIds.length)
    await db.insert(contactTags).values(tagIds.map((tagId) => ({ contactId: row.id, tagId })));
}

/** Replaces a contact's tags with these. */
export async function linkTags(db: Database, row: ContactRow, tagIds: string[]): Promise<void> {
  await db.delete(contactTags).where(eq(contactTags.contactId, row.id));
  await addTags(db, row, tagIds);
}

export async function deleteContact(db: Database, row: ContactRow): Promise<void> {
  await db.delete(contacts).where(eq(contacts.id, row.id));
}
