import { type Contact, contract, REFUSALS } from '@tidewatch/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { tenantOf } from '../../core/access';
import { implement } from '../../core/route';
import type { Database } from '../../db/client';
import { type ContactRow, contacts, contactTags, tags } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { findTagByName, tagsByName } from '../tags';

async function contactsWithTags(db: Database, rows: ContactRow[]): Promise<Contact[]> {
  const links = rows.length
    ? await db
        .select({ contactId: contactTags.contactId, name: tags.name })
        .from(contactTags)
        .innerJoin(tags, eq(tags.id, contactTags.tagId))
        .where(
          inArray(
            contactTags.contactId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(tags.name))
    : [];
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    kinds: row.kinds,
    tags: links.filter((link) => link.contactId === row.id).map((link) => link.name),
  }));
}

export async function contactRoutes(app: FastifyInstance) {
  const { db } = app;

  async function load(customerId: string, id: string): Promise<ContactRow> {
    const [row] = await db
      .select()
      .from(contacts)
      .where(and(eq(contacts.customerId, customerId), eq(contacts.id, id)))
      .limit(1);
    if (!row) throw notFound(REFUSALS.noSuchContact);
    return row;
  }

  async function linkTags(contactId: string, tagIds: string[]) {
    await db.delete(contactTags).where(eq(contactTags.contactId, contactId));
    if (tagIds.length) await db.insert(contactTags).values(tagIds.map((tagId) => ({ contactId, tagId })));
  }

  implement(app, contract.contacts, {
    async list(request) {
      const customerId = request.query['customer-id'];
      const { tag } = request.query;
      let where = eq(contacts.customerId, customerId);
      if (tag) {
        const row = await findTagByName(db, tenantOf(request), tag);
        if (!row) return { data: [] };
        where = and(
          where,
          inArray(
            contacts.id,
            db.select({ id: contactTags.contactId }).from(contactTags).where(eq(contactTags.tagId, row.id)),
          ),
        ) as typeof where;
      }
      const rows = await db.select().from(contacts).where(where).orderBy(asc(contacts.name));
      return { data: await contactsWithTags(db, rows) };
    },

    async create(request) {
      const { customer_id } = request.params;
      const { tags: tagNames, ...fields } = request.body;
      const tagRows = await tagsByName(db, tenantOf(request), tagNames);
      const row = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(contacts)
          .values({ customerId: customer_id, ...fields, phone: fields.phone ?? null })
          .returning();
        if (!row) throw new Error('insert returned no row');
        if (tagRows.length) {
          await tx.insert(contactTags).values(tagRows.map((tag) => ({ contactId: row.id, tagId: tag.id })));
        }
        return row;
      });
      const [contact] = await contactsWithTags(db, [row]);
      if (!contact) throw new Error('created contact');
      return contact;
    },

    async update(request) {
      const { customer_id, contact_id } = request.params;
      const row = await load(customer_id, contact_id);
      const { tags: tagNames, ...fields } = request.body;
      const tagRows = tagNames ? await tagsByName(db, tenantOf(request), tagNames) : null;
      if (Object.keys(fields).length) await db.update(contacts).set(fields).where(eq(contacts.id, row.id));
      if (tagRows)
        await linkTags(
          row.id,
          tagRows.map((tag) => tag.id),
        );
      const [contact] = await contactsWithTags(db, [await load(customer_id, contact_id)]);
      if (!contact) throw notFound(REFUSALS.noSuchContact);
      return contact;
    },

    async delete(request) {
      const row = await load(request.params.customer_id, request.params.contact_id);
      await db.delete(contacts).where(eq(contacts.id, row.id));
    },
  });
}
