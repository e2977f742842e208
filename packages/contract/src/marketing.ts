import { z } from 'zod';
import { Email, text } from './common';
import { defineRoute, publicAccess } from './route';

export const UnsubscribeBody = z.object({
  email: Email,
  feedback: text()
    .trim()
    .max(2000, { error: /*i18n*/ 'Keep it under 2000 characters' })
    .optional()
    .transform((value) => value || undefined),
  /** From a marketing mail's link: proves the address without anyone typing it. */
  token: text().max(200).optional(),
});

export const marketingRoutes = {
  unsubscribe: defineRoute({
    method: 'POST',
    path: '/marketing/unsubscribe',
    access: publicAccess,
    summary: 'Stop marketing mail to an address (the same answer whether or not it was subscribed)',
    body: UnsubscribeBody,
  }),
};
