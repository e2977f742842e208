import { z } from 'zod';
import { API_SCOPES } from './api-scopes';
import { CustomerId, dataEnvelope, IsoDateTime, text } from './common';
import { defineRoute, requires } from './route';

export { API_SCOPES };
export const ApiScope = z.enum(API_SCOPES).meta({ id: 'ApiScope' });
export type ApiScope = z.infer<typeof ApiScope>;

/** What every API token starts with, so a leaked one is recognised (and secret scanners can match it). */
export const API_TOKEN_PREFIX = 'twk_';
export const API_TOKEN_DEFAULT_DAYS = 90;
export const API_TOKEN_MAX_DAYS = 365;
/** Managers are mailed this many days before a token expires. */
export const API_TOKEN_WARNING_DAYS = 7;
/** Live (unrevoked, unexpired) tokens a customer may hold at once. */
export const API_TOKENS_PER_CUSTOMER = 50;

export const ApiTokenFields = z
  .object({
    name: text({ error: /*i18n*/ 'Name the token' })
      .trim()
      .min(1, { error: /*i18n*/ 'Name the token' })
      .max(100, { error: /*i18n*/ 'Use a name of at most 100 characters' }),
    scopes: z
      .array(ApiScope, { error: /*i18n*/ 'Choose what the token may do' })
      .min(1, { error: /*i18n*/ 'Choose what the token may do' })
      .refine((scopes) => new Set(scopes).size === scopes.length, {
        error: /*i18n*/ 'Choose each scope once',
      }),
    expires_in_days: z
      .number({ error: /*i18n*/ 'Enter a number of days' })
      .int({ error: /*i18n*/ 'Enter a whole number of days' })
      .min(1, { error: /*i18n*/ 'A token lasts at least one day' })
      .max(API_TOKEN_MAX_DAYS, { error: /*i18n*/ 'A token lasts at most 365 days' })
      .default(API_TOKEN_DEFAULT_DAYS),
  })
  .meta({ id: 'ApiTokenFields' });

export const ApiToken = z
  .object({
    id: z.uuid(),
    name: z.string(),
    scopes: z.array(ApiScope),
    /** The manager who made it; null once that user is gone. */
    created_by: z.string().nullable(),
    created_at: IsoDateTime,
    expires_at: IsoDateTime,
    last_used_at: IsoDateTime.nullable(),
    /** The address the last call came from. */
    last_used_ip: z.string().nullable(),
  })
  .meta({ id: 'ApiToken' });
export type ApiToken = z.infer<typeof ApiToken>;

/** The token itself is in the answer to its creation only: it is stored hashed. */
export const CreatedApiToken = ApiToken.extend({
  token: z.string().meta({ examples: ['twk_3q2X0d9lQq8mJx1w9Yl6bH0m2c4r7T8vN5kZpA1sEeU'] }),
}).meta({ id: 'CreatedApiToken' });

const customerParams = z.object({ customer_id: CustomerId });
const tenant = { from: 'params', key: 'customer_id' } as const;
const manage = requires('apiTokens.manage');

export const apiTokenRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/customer/{customer_id}/api-tokens',
    access: manage,
    summary: "The customer's API tokens that are not revoked, expired ones included, newest first",
    params: customerParams,
    tenant,
    response: dataEnvelope(z.array(ApiToken)),
  }),
  create: defineRoute({
    method: 'POST',
    creates: true,
    path: '/customer/{customer_id}/api-tokens',
    access: manage,
    summary:
      "Make a token for the customer's automation; the token is in the answer, once (a manager's own sign-in only)",
    params: customerParams,
    body: ApiTokenFields,
    tenant,
    response: CreatedApiToken,
  }),
  revoke: defineRoute({
    method: 'DELETE',
    path: '/customer/{customer_id}/api-tokens/{token_id}',
    access: manage,
    summary: 'Revoke a token: every replica refuses it from the next call',
    params: customerParams.extend({ token_id: z.uuid({ error: /*i18n*/ 'No such token' }) }),
    tenant,
  }),
};
