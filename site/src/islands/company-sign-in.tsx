import { Trans, useLingui } from '@lingui/react/macro';
import { SSO_FAILURE_PARAM, type SsoFailure } from '@tidewatch/contract/sso-sign-in';
import { buttonClass, FormAlert } from '@tidewatch/ui';
import { useEffect, useState } from 'react';
import { siteApi } from './site-api';

/** Typing pauses this long before the address's domain is looked up. */
const LOOKUP_DELAY_MS = 300;
/** An address complete enough to have a domain worth asking about. */
const COMPLETE_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** Why a company sign-in came back to the login page, from `?sso_error=`. */
function useReturnedFailure(): string | null {
  const { t } = useLingui();
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    const reason = new URLSearchParams(window.location.search).get(SSO_FAILURE_PARAM) as SsoFailure | null;
    if (!reason) return;
    const messages: Record<SsoFailure, string> = {
      not_set_up: t`Your company's sign-in is not set up for this address. Log in with your password.`,
      cancelled: t`The sign-in at your company's identity provider was cancelled.`,
      expired: t`This sign-in took too long or was used already. Start again.`,
      not_verified: t`Your company's identity provider did not confirm who you are. Start again, or ask your administrator.`,
      provider_unreachable: t`Your company's identity provider could not be reached. Try again in a moment.`,
      email_outside_domains: t`Your company's identity provider signed you in with an address it does not cover here. Ask your administrator.`,
      other_customer: t`This address belongs to an account of another customer. Ask your administrator.`,
      inactive: t`Your account is switched off. Ask your administrator.`,
    };
    setFailure(messages[reason] ?? messages.not_verified);
  }, [t]);
  return failure;
}

/**
 * The login page's company sign-in: once the address typed has a domain whose company signs in
 * through its own identity provider, "Continue with your company's sign-in" leads there. It is a
 * link, not a form: the site's CSP allows forms to post to ourselves only, and Chromium holds a
 * redirect after a post to that too. With "SSO only", the password is not offered (`onSsoOnly`).
 */
export function CompanySignIn({
  email,
  destination,
  onSsoOnly,
}: {
  email: string | undefined;
  /** The portal page to land on afterwards (read in the browser only, once a domain is found). */
  destination: () => string;
  onSsoOnly: (ssoOnly: boolean) => void;
}) {
  const failure = useReturnedFailure();
  const address = email?.trim().toLowerCase() ?? '';
  const [found, setFound] = useState<{ email: string; ssoOnly: boolean } | null>(null);

  useEffect(() => {
    if (!COMPLETE_ADDRESS.test(address)) {
      setFound(null);
      return;
    }
    let current = true;
    const lookup = setTimeout(() => {
      siteApi()
        .then((api) => api.ssoSignIn.discover({ query: { email: address } }))
        .then(
          ({ sso, sso_only }) => current && setFound(sso ? { email: address, ssoOnly: sso_only } : null),
          // Without an answer the password stays: a lookup that fails must not lock anyone out.
          () => current && setFound(null),
        );
    }, LOOKUP_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(lookup);
    };
  }, [address]);

  const ssoOnly = found?.email === address && found.ssoOnly;
  useEffect(() => onSsoOnly(ssoOnly), [ssoOnly, onSsoOnly]);

  const start =
    found?.email === address &&
    `/api/auth/sso/start?${new URLSearchParams({ email: address, next: destination() })}`;
  return (
    <>
      <FormAlert errors={failure ? [failure] : []} />
      {start && (
        <a className={buttonClass({ variant: ssoOnly ? 'primary' : 'secondary' })} href={start}>
          <Trans>Continue with your company's sign-in</Trans>
        </a>
      )}
    </>
  );
}
