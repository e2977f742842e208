import { z } from 'zod';
import { CustomerId, Email, IsoDateTime, requiredText, storableText, text } from './common';
import { defineRoute, publicAccess, requires } from './route';

/**
 * What an identity provider's group may make its members here: the roles a customer's user can
 * hold (decision 0003: security officer and finance are staff roles), or `user`, a plain user.
 */
export const SSO_ROLES = ['customer_manager', 'user'] as const;
export const SsoRole = z.enum(SSO_ROLES);
export type SsoRole = z.infer<typeof SsoRole>;

export const SSO_MAX_DOMAINS = 20;
export const SSO_MAX_GROUP_MAPPINGS = 50;
/** The path of the redirect URI registered at the provider, under the public URL. */
export const SSO_CALLBACK_PATH = '/api/auth/sso/callback';

export { SSO_FAILURE_PARAM, SSO_FAILURES, type SsoFailure } from './sso-sign-in';

/** An email domain: lower-cased labels of letters, digits and inner hyphens, with at least one dot. */
const EmailDomain = text({ error: /*i18n*/ 'Enter a domain such as example.com' })
  .trim()
  .toLowerCase()
  .max(253, { error: /*i18n*/ 'Enter a domain such as example.com' })
  .regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/, {
    error: /*i18n*/ 'Enter a domain such as example.com',
  });

export const SsoRoleMapping = z.object({
  group: requiredText(/*i18n*/ 'Name the group at your identity provider').max(255, {
    error: /*i18n*/ 'Use a group name of at most 255 characters',
  }),
  role: SsoRole,
});
export type SsoRoleMapping = z.infer<typeof SsoRoleMapping>;

export const SsoSettingsFields = z
  .object({
    /** The provider's issuer identifier: its discovery document is at `/.well-known/openid-configuration` below it. */
    issuer: requiredText(/*i18n*/ "Enter your identity provider's issuer URL")
      .max(500, { error: /*i18n*/ 'Use an address of at most 500 characters' })
      .pipe(
        z
          .url({
            protocol: /^https?$/,
            error: /*i18n*/ 'Enter a full address, such as https://login.example.com',
          })
          .check(storableText),
      ),
    client_id: requiredText(/*i18n*/ 'Enter the client id').max(255, {
      error: /*i18n*/ 'Use a client id of at most 255 characters',
    }),
    /** Required the first time; left out (or empty) on a change, the stored one is kept. */
    client_secret: text()
      .max(1000, { error: /*i18n*/ 'Use a client secret of at most 1000 characters' })
      .optional()
      .transform((value) => value || undefined),
    /** The email domains whose people sign in through this provider; each belongs to one customer only. */
    domains: z
      .array(EmailDomain, { error: /*i18n*/ 'Enter at least one email domain' })
      .min(1, { error: /*i18n*/ 'Enter at least one email domain' })
      .max(SSO_MAX_DOMAINS, { error: /*i18n*/ 'Enter at most 20 domains' })
      .refine((domains) => new Set(domains).size === domains.length, {
        error: /*i18n*/ 'Enter each domain once',
      }),
    /** Group → role; a member of none of the groups is a plain user. */
    role_mapping: z
      .array(SsoRoleMapping)
      .max(SSO_MAX_GROUP_MAPPINGS, { error: /*i18n*/ 'Map at most 50 groups' })
      .default([]),
    /** Passwords are off for the customer's users: they sign in through the provider only. */
    sso_only: z.boolean().default(false),
  })
  .meta({ id: 'SsoSettingsFields' });

export const SsoSettings = z
  .object({
    issuer: z.string(),
    client_id: z.string(),
    /** The secret itself is never answered. */
    client_secret_set: z.boolean(),
    domains: z.array(z.string()),
    role_mapping: z.array(SsoRoleMapping),
    sso_only: z.boolean(),
    updated_at: IsoDateTime,
  })
  .meta({ id: 'SsoSettings' });
export type SsoSettings = z.infer<typeof SsoSettings>;

export const CustomerSso = z
  .object({
    /** The redirect URI to register at the provider. */
    redirect_uri: z.string(),
    /** Null until company sign-in is set up. */
    settings: SsoSettings.nullable(),
  })
  .meta({ id: 'CustomerSso' });
export type CustomerSso = z.infer<typeof CustomerSso>;

const customerParams = z.object({ customer_id: CustomerId });
const tenant = { from: 'params', key: 'customer_id' } as const;
const manage = requires('users.manage');

export const ssoRoutes = {
  get: defineRoute({
    method: 'GET',
    path: '/customer/{customer_id}/sso',
    access: manage,
    summary: "The customer's company sign-in (its OpenID Connect provider), never with the client secret",
    params: customerParams,
    tenant,
    response: CustomerSso,
  }),
  set: defineRoute({
    method: 'PUT',
    path: '/customer/{customer_id}/sso',
    access: manage,
    summary:
      "Set up or change the customer's company sign-in; the issuer must answer OpenID Connect discovery, and a domain belongs to one customer only (409)",
    params: customerParams,
    tenant,
    body: SsoSettingsFields,
    response: CustomerSso,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/customer/{customer_id}/sso',
    access: manage,
    summary: "Remove the customer's company sign-in; its users' sessions from it end at their next check",
    params: customerParams,
    tenant,
  }),
};

/** The login page's steps of a company sign-in: browsers navigate to start and callback, never a script. */
export const ssoSignInRoutes = {
  discover: defineRoute({
    method: 'GET',
    path: '/auth/sso/discover',
    access: publicAccess,
    summary: "Whether the address's domain signs in through its company's provider, and whether only so",
    query: z.object({ email: Email }),
    response: z.object({ sso: z.boolean(), sso_only: z.boolean() }),
  }),
  start: defineRoute({
    method: 'GET',
    path: '/auth/sso/start',
    access: publicAccess,
    summary:
      "Redirects (302) to the provider of the address's domain: authorization code flow with PKCE, state and nonce",
    query: z.object({ email: Email, next: text().max(2000).optional() }),
  }),
  callback: defineRoute({
    method: 'GET',
    path: '/auth/sso/callback',
    access: publicAccess,
    summary:
      'The redirect URI: checks the answer, signs the person in and redirects (302) to the portal, or to the login page with the reason',
    query: z.object({
      state: text().max(500).optional(),
      code: text().max(4000).optional(),
      error: text().max(500).optional(),
    }),
  }),
};
