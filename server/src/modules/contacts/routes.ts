import { type Contact, contract, REFUSALS } from '@tidewatch/contract';
import type { FastifyInstance } from 'fastify';
import { tenantOf } from '../../core/access';
import { implement } from '../../core/route';
import type { Tenant } from '../../core/tenant';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/http-error';
import { tagsByName } from '../tags';
import {
  type ContactRow,
  contactTagNamesOf,
  deleteContact,
  findContact,
  insertContact,
  linkTags,
  listContacts,
  updateContact,
} from './repository';

async function contactsWithTags(db: Database, rows: ContactRow[]): Promise<Contact[]> {
  const links = await contactTagNamesOf(
    db,
    rows.map((row) => row.id),
  );
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

  async function load(tenant: Tenant, id: string): Promise<ContactRow> {
    const row = await findContact(db, tenant, id);
    if (!row) throw notFound(REFUSALS.noSuchContact);
    return row;
  }

  implement(app, contract.contacts, {
    async list(request) {
      return {
        data: await contactsWithTags(db, await listContacts(db, tenantOf(request), request.query.tag)),
      };
    },

    async create(request) {
      const tenant = tenantOf(request);
      const { tags: tagNames, ...fields } = request.body;
      const tagRows = await tagsByName(db, tenant, tagNames);
      const row = await insertContact(
        db,
        tenant,
        { ...fields, phone: fields.phone ?? null },
        tagRows.map((tag) => tag.id),
      );
      const [contact] = await contactsWithTags(db, [row]);
      if (!contact) throw new Error('created contact');
      return contact;
    },

    async update(request) {
      const tenant = tenantOf(request);
      const row = await load(tenant, request.params.contact_id);
      const { tags: tagNames, ...fields } = request.body;
      const tagRows = tagNames ? await tagsByName(db, tenant, tagNames) : null;
      if (Object.keys(fields).length) await updateContact(db, row, fields);
      if (tagRows)
        await linkTags(
          db,
          row,
          tagRows.map((tag) => tag.id),
        );
      const [contact] = await contactsWithTags(db, [await load(tenant, request.params.contact_id)]);
      if (!contact) throw notFound(REFUSALS.noSuchContact);
      return contact;
    },

    async delete(request) {
      await deleteContact(db, await load(tenantOf(request), request.params.contact_id));
    },
  });
}
