import { z } from 'zod';
import { CustomerId, UserId } from './common';
import { defineRoute, requires } from './route';

/** What a person has to prove who they are beyond the password. */
export const SecondFactors = z.object({
  /** An authenticator app (TOTP) is set up. */
  totp: z.boolean(),
  passkeys: z.number().int().min(0),
  /** Recovery codes not used yet. */
  recovery_codes_left: z.number().int().min(0),
});
export type SecondFactors = z.infer<typeof SecondFactors>;

export const UserSignInSecurity = SecondFactors.extend({
  id: UserId,
  name: z.string(),
  email: z.string(),
  /** Signs in through the customer's own identity provider, which governs their factors. */
  sso: z.boolean(),
});
export type UserSignInSecurity = z.infer<typeof UserSignInSecurity>;

export const SignInSecurity = z.object({
  /** Every user of the customer needs a second factor; those without one enrol at their next sign-in. */
  require_two_factor: z.boolean(),
  /** The customer's active users, by name. */
  users: z.array(UserSignInSecurity),
});
export type SignInSecurity = z.infer<typeof SignInSecurity>;

export const SignInSecurityChange = z.object({ require_two_factor: z.boolean() });

const customerParams = z.object({ customer_id: CustomerId });
const tenantParams = { from: 'params', key: 'customer_id' } as const;

export const securityRoutes = {
  get: defineRoute({
    method: 'GET',
    path: '/customer/{customer_id}/security',
    access: requires('users.manage'),
    summary:
      'Whether the customer requires two-factor sign-in, and which second factors each of its users has',
    params: customerParams,
    tenant: tenantParams,
    response: SignInSecurity,
  }),
  set: defineRoute({
    method: 'PUT',
    path: '/customer/{customer_id}/security',
    access: requires('users.manage'),
    summary: 'Require two-factor sign-in for every user of the customer, or stop requiring it',
    params: customerParams,
    tenant: tenantParams,
    body: SignInSecurityChange,
    response: SignInSecurity,
  }),
};
