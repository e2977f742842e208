import { z } from 'zod';
import { UserRecord } from './auth';
import { IsoDateTime, Language, requiredText, text } from './common';
import { defineRoute, sessionAccess } from './route';
import { SecondFactors } from './security';
import { PASSWORD_MIN_LENGTH } from './site-forms';
import { SITE_REFUSALS } from './site-refusals';

/** Passwords everyone would guess first; the shared rule refuses them whatever their length. */
const COMMON_PASSWORDS = new Set([
  '123456789012',
  '1234567890123',
  'password1234',
  'passwordpassword',
  'qwertyuiopasdf',
  'qwerty123456',
  '111111111111',
  'aaaaaaaaaaaa',
  'iloveyou1234',
  'letmein12345',
  'welcome12345',
  'administrator',
  'changeme1234',
  'tidewatch-demo',
]);

export { PASSWORD_MIN_LENGTH };

export const NewPassword = text({ error: /*i18n*/ 'Choose a new password' })
  // A literal, so that the catalog can carry it; a test keeps it in step with the constant.
  .min(PASSWORD_MIN_LENGTH, { error: /*i18n*/ 'Use at least 12 characters' })
  .max(256, { error: /*i18n*/ 'Use at most 256 characters' })
  .refine((password) => !COMMON_PASSWORDS.has(password.toLowerCase()), {
    error: SITE_REFUSALS.passwordTooCommon,
  });

export const ProfileName = requiredText(/*i18n*/ 'Enter your name').max(200);

export const ProfileUpdate = z
  .object({ name: ProfileName, language: Language })
  .partial()
  .refine((update) => update.name !== undefined || update.language !== undefined, {
    error: /*i18n*/ 'Nothing to change',
  });

export const PasswordChange = z.object({
  current_password: text({ error: /*i18n*/ 'Enter your current password' })
    .min(1, { error: /*i18n*/ 'Enter your current password' })
    .max(1024),
  new_password: NewPassword,
});

export const ActiveSession = z.object({
  id: z.uuid(),
  created: IsoDateTime,
  last_seen: IsoDateTime,
  /** Null for a staff session: the staff member's address and browser are not shown. */
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** The session this request came with. */
  current: z.boolean(),
  /** Opened by Tidewatch staff acting as you (impersonation). */
  staff: z.boolean(),
});

/** A six-digit code from an authenticator app. */
export const TotpCode = text({ error: /*i18n*/ 'Enter the 6-digit code from your authenticator app' })
  .trim()
  .regex(/^\d{6}$/, { error: /*i18n*/ 'Enter the 6-digit code from your authenticator app' });

/** The password again, to confirm a sensitive change. */
export const PasswordConfirmation = z.object({
  password: text({ error: /*i18n*/ 'Enter your password' })
    .min(1, { error: /*i18n*/ 'Enter your password' })
    .max(1024),
});

export const TotpSetup = z.object({
  /** Base32, for typing in by hand. */
  secret: z.string(),
  /** otpauth:// URI, for the QR code. */
  uri: z.string(),
});

/** The kinds of the product's mail a person may stop (each also carries a one-click unsubscribe link). */
export const MAIL_CATEGORIES = ['window_notices', 'window_outcomes', 'spend_alerts', 'invoices'] as const;
export const MailCategory = z.enum(MAIL_CATEGORIES);
export type MailCategory = z.infer<typeof MailCategory>;

/** Each kind of mail: true while it reaches your address. */
export const MailPreferences = z.object({
  window_notices: z.boolean(),
  window_outcomes: z.boolean(),
  spend_alerts: z.boolean(),
  invoices: z.boolean(),
});
export type MailPreferences = z.infer<typeof MailPreferences>;

export const MailPreferencesChange = MailPreferences.partial().refine(
  (change) => Object.keys(change).length > 0,
  { error: /*i18n*/ 'Nothing to change' },
);

export const accountRoutes = {
  mailPreferences: defineRoute({
    method: 'GET',
    path: '/user/me/mail-preferences',
    access: sessionAccess,
    summary: 'Which kinds of mail reach your address',
    response: MailPreferences,
  }),
  setMailPreferences: defineRoute({
    method: 'PATCH',
    path: '/user/me/mail-preferences',
    access: sessionAccess,
    summary: 'Turn kinds of mail to your address on or off',
    body: MailPreferencesChange,
    response: MailPreferences,
  }),
  updateProfile: defineRoute({
    method: 'PATCH',
    path: '/user/me',
    access: sessionAccess,
    summary: 'Change your name or language',
    beforeSecondFactor: true,
    body: ProfileUpdate,
    response: UserRecord,
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/user/me/password',
    access: sessionAccess,
    summary: 'Change your password; every other session of yours ends',
    body: PasswordChange,
  }),
  sessions: defineRoute({
    method: 'GET',
    path: '/auth/sessions',
    access: sessionAccess,
    summary: 'Your signed-in sessions',
    response: z.array(ActiveSession),
  }),
  endSession: defineRoute({
    method: 'DELETE',
    path: '/auth/sessions/{id}',
    access: sessionAccess,
    summary: 'Sign one of your other sessions out',
    params: z.object({ id: z.uuid() }),
  }),
  endOtherSessions: defineRoute({
    method: 'DELETE',
    path: '/auth/sessions',
    access: sessionAccess,
    summary: 'Sign out everywhere else',
  }),
  startTotp: defineRoute({
    method: 'POST',
    path: '/auth/totp/setup',
    access: sessionAccess,
    summary: 'Begin two-factor enrolment: a new secret, not active until confirmed',
    beforeSecondFactor: true,
    response: TotpSetup,
  }),
  confirmTotp: defineRoute({
    method: 'POST',
    path: '/auth/totp/confirm',
    access: sessionAccess,
    summary: 'Confirm enrolment with a code; answers the recovery codes, shown once',
    beforeSecondFactor: true,
    body: z.object({ code: TotpCode }),
    response: z.object({ recovery_codes: z.array(z.string()) }),
  }),
  disableTotp: defineRoute({
    method: 'DELETE',
    path: '/auth/totp',
    access: sessionAccess,
    summary: 'Turn two-factor sign-in off (password required)',
    body: PasswordConfirmation,
  }),
  secondFactors: defineRoute({
    method: 'GET',
    path: '/account/second-factors',
    access: sessionAccess,
    beforeSecondFactor: true,
    summary: 'Your second factors: authenticator app, passkeys, recovery codes left',
    response: SecondFactors,
  }),
  regenerateRecoveryCodes: defineRoute({
    method: 'POST',
    path: '/account/recovery-codes',
    access: sessionAccess,
    summary: 'Replace all your recovery codes with new ones (password required); answers them, shown once',
    body: PasswordConfirmation,
    response: z.object({ recovery_codes: z.array(z.string()) }),
  }),
};
