// What the login page needs of a company sign-in, without the contract's schemas: the site's islands stay small (decision 0037).

/**
 * Why a company sign-in came back to the login page (`?sso_error=`), which says so in the reader's
 * language: no provider for the address, the provider or the person stopped, the sign-in took too
 * long or was used already, the provider's answer did not check out or could not be had, an address
 * outside the customer's domains or of another customer's user, or an account that is switched off.
 */
export const SSO_FAILURES = [
  'not_set_up',
  'cancelled',
  'expired',
  'not_verified',
  'provider_unreachable',
  'email_outside_domains',
  'other_customer',
  'inactive',
] as const;
export type SsoFailure = (typeof SSO_FAILURES)[number];
/** The login page's query parameter naming an {@link SsoFailure}. */
export const SSO_FAILURE_PARAM = 'sso_error';
