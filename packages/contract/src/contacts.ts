import { z } from 'zod';
import { CustomerId, dataEnvelope, Email, requiredText, text } from './common';
import { TagList, TagName } from './infrastructure';
import { defineRoute, requires, sessionAccess } from './route';

export const CONTACT_KINDS = ['alert', 'billing', 'technical'] as const;
export const ContactKind = z.enum(CONTACT_KINDS);

export const Contact = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  kinds: z.array(ContactKind),
  /** The tags (teams among them) the contact is reached for. */
  tags: z.array(z.string()),
});
export type Contact = z.infer<typeof Contact>;

/** A contact as a form sends it; `tags` links it to tags (teams among them). */
export const ContactFields = z.object({
  name: requiredText(/*i18n*/ 'Enter a name').pipe(text().max(200)),
  email: Email,
  phone: text()
    .trim()
    .regex(/^\+?[0-9 ()-]{6,20}$/, { error: /*i18n*/ 'Enter a phone number, e.g. +45 12 34 56 78' })
    .nullable()
    .optional(),
  kinds: z
    .array(ContactKind)
    .min(1, { error: /*i18n*/ 'Choose what to contact them about' })
    .refine((kinds) => new Set(kinds).size === kinds.length, { error: /*i18n*/ 'Choose each kind once' }),
  tags: TagList.default([]),
});

const contactParams = z.object({ customer_id: CustomerId, contact_id: z.uuid() });

export const contactRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/contacts',
    access: sessionAccess,
    summary: "A customer's contacts by name, or a tag's (a team's) only",
    query: z.object({ 'customer-id': CustomerId, tag: TagName.optional() }),
    tenant: { from: 'query', key: 'customer-id' },
    response: dataEnvelope(z.array(Contact)),
  }),
  create: defineRoute({
    method: 'POST',
    creates: true,
    path: '/customer/{customer_id}/contacts',
    access: requires('infrastructure.manage'),
    summary: 'Add a contact',
    params: z.object({ customer_id: CustomerId }),
    body: ContactFields,
    tenant: { from: 'params', key: 'customer_id' },
    response: Contact,
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/customer/{customer_id}/contacts/{contact_id}',
    access: requires('infrastructure.manage'),
    summary: 'Change a contact; given tags replace its tags',
    params: contactParams,
    // Without a default for tags, a change that leaves them out keeps the contact's tags.
    body: ContactFields.extend({ tags: TagList }).partial(),
    tenant: { from: 'params', key: 'customer_id' },
    response: Contact,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/customer/{customer_id}/contacts/{contact_id}',
    access: requires('infrastructure.manage'),
    summary: 'Remove a contact',
    params: contactParams,
    tenant: { from: 'params', key: 'customer_id' },
  }),
};
