import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '@tidewatch/contract/api-error';
import { SITE_REFUSALS } from '@tidewatch/contract/site-refusals';
import { Button, FormAlert } from '@tidewatch/ui';
import { useEffect, useState } from 'react';
import { siteApi } from './site-api';
import { useDeliveryErrors } from './use-site-form';

/** The browser side of WebAuthn, loaded after the page (decision 0082): only a passkey's click needs it. */
const webAuthn = () => import('@simplewebauthn/browser');

/** The person closed the browser's passkey prompt or let it time out: nothing went wrong. */
const cancelled = (error: unknown) =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');

/** Whether the sign-in's second step asks a passkey holder (no authenticator app) for the passkey or a recovery code. */
export const asksForPasskey = (codeErrors: readonly string[] | undefined) =>
  codeErrors?.includes(SITE_REFUSALS.signInPasskeyNeeded) ?? false;

/**
 * Signs in with a passkey, on a browser that can: from the login page ("Sign in with a passkey",
 * no address needed) or in place of the code in the second step ("Use your passkey"). A passkey
 * verifies its holder, so it is both factors; afterwards the page goes where a password sign-in goes.
 */
export function PasskeySignIn({
  secondStep,
  destination,
}: {
  secondStep: boolean;
  destination: () => string;
}) {
  const { t, i18n } = useLingui();
  const deliveryErrors = useDeliveryErrors();
  const [supported, setSupported] = useState(false);
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  useEffect(() => {
    webAuthn().then(
      ({ browserSupportsWebAuthn }) => setSupported(browserSupportsWebAuthn()),
      () => setSupported(false),
    );
  }, []);

  async function signIn() {
    setPending(true);
    setErrors([]);
    try {
      const api = await siteApi();
      const optionsJSON = await api.passkeySignIn.options();
      const response = await (await webAuthn()).startAuthentication({ optionsJSON });
      await api.passkeySignIn.signIn({ body: { response } });
      window.location.assign(destination());
    } catch (error) {
      if (!cancelled(error)) setErrors(refusal(error));
      setPending(false);
    }
  }

  /** The server's refusal in the page's language; a browser that failed the ceremony, in general words. */
  function refusal(error: unknown): string[] {
    if (!(error instanceof ApiError)) return [t`Your browser could not use a passkey here.`];
    if (error.status === 401) return [i18n._(SITE_REFUSALS.passkeySignInFailed)];
    return deliveryErrors(error) ?? [i18n._(error.body.message)];
  }

  if (!supported) return null;
  return (
    <>
      <FormAlert errors={errors} />
      <Button type="button" variant="secondary" loading={pending} onClick={() => void signIn()}>
        {secondStep ? <Trans>Use your passkey</Trans> : <Trans>Sign in with a passkey</Trans>}
      </Button>
    </>
  );
}
