import { z } from 'zod';
import { text } from './common';
import { defineRoute, publicAccess } from './route';

/** A signed one-click link's token: the address, kind and language, and their signature. */
const MailLinkToken = text()
  .max(1000)
  .regex(/^[\w-]+\.[\w-]+$/, { error: /*i18n*/ 'This link is not valid' });

/**
 * The one-click unsubscribe link every category mail carries (RFC 8058): mail clients POST it
 * with `List-Unsubscribe=One-Click`; a person who opens it gets a page with a button that posts it.
 * No session: the link's signature is its authority.
 */
export const mailLinkRoutes = {
  unsubscribePage: defineRoute({
    method: 'GET',
    path: '/mail/unsubscribe/{token}',
    access: publicAccess,
    summary: 'A page asking to stop this kind of mail to this address (text/html); 404 for a link not ours',
    params: z.object({ token: MailLinkToken }),
  }),
  unsubscribe: defineRoute({
    method: 'POST',
    path: '/mail/unsubscribe/{token}',
    access: publicAccess,
    summary:
      'Stop this kind of mail to this address (form-encoded; text/html answer); 404 for a link not ours',
    params: z.object({ token: MailLinkToken }),
  }),
};
