import { z } from 'zod';
import { NewPassword } from './account';
import { Email, Language, text } from './common';
import { defineRoute, publicAccess } from './route';

export const ForgotPasswordBody = z.object({
  email: Email,
  /** The page's language: a mail to an address without an account has no user's language to follow. */
  language: Language.default('en'),
});

export const SetPasswordBody = z.object({
  /** From the link in the mail. */
  token: text({ error: /*i18n*/ 'This link is not complete' })
    .min(20, { error: /*i18n*/ 'This link is not complete' })
    .max(200),
  password: NewPassword,
});

export const passwordRoutes = {
  forgot: defineRoute({
    method: 'POST',
    path: '/auth/password/forgot',
    access: publicAccess,
    summary: 'Mail a set-password link; answers the same whether or not the address has an account',
    body: ForgotPasswordBody,
  }),
  reset: defineRoute({
    method: 'POST',
    path: '/auth/password/reset',
    access: publicAccess,
    summary: "Set a new password with a mailed link's token; ends every session of the user",
    body: SetPasswordBody,
  }),
};
