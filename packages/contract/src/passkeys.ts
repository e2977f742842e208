import { z } from 'zod';
import { SessionData } from './auth';
import { dataEnvelope, IsoDateTime, text } from './common';
import { defineRoute, publicAccess, sessionAccess } from './route';

/** How long a passkey ceremony may take: its challenge is refused after this. */
export const PASSKEY_CHALLENGE_MINUTES = 5;

/** Binary data as WebAuthn's JSON carries it; a bound keeps a hostile body small. */
const base64url = (max: number) =>
  text()
    .max(max)
    .regex(/^[\w-]*$/);

/** How the browser reaches the authenticator (usb, internal, hybrid…), read leniently: a new kind is no reason to refuse a passkey. */
const Transports = z.array(text().max(32)).max(16);

const CredentialDescriptor = z.object({
  id: z.string(),
  type: z.string(),
  transports: Transports.optional(),
});

/** The options `navigator.credentials.create` takes, as @simplewebauthn/server writes them. */
export const PasskeyCreationOptions = z
  .object({
    rp: z.object({ name: z.string(), id: z.string().optional() }),
    user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
    challenge: z.string(),
    pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.literal('public-key') })),
    timeout: z.number().int().optional(),
    excludeCredentials: z.array(CredentialDescriptor).optional(),
    authenticatorSelection: z
      .object({
        authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
        residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
        requireResidentKey: z.boolean().optional(),
        userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
      })
      .optional(),
    attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
    hints: z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional(),
    /** Asks the browser whether the passkey is discoverable (credProps). */
    extensions: z.object({ credProps: z.boolean().optional() }).optional(),
  })
  .meta({ id: 'PasskeyCreationOptions' });

/** The options `navigator.credentials.get` takes for a sign-in with a discoverable passkey. */
export const PasskeyRequestOptions = z
  .object({
    challenge: z.string(),
    timeout: z.number().int().optional(),
    rpId: z.string().optional(),
    allowCredentials: z.array(CredentialDescriptor).optional(),
    userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
  })
  .meta({ id: 'PasskeyRequestOptions' });

/**
 * The parts of a credential's JSON (`PublicKeyCredential.toJSON()`) both ceremonies share. Only the
 * fields the server reads are kept: what else a browser adds is dropped, never refused.
 */
const credentialJson = {
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() }),
};

/** A new passkey, as the browser answers `navigator.credentials.create`. */
export const PasskeyRegistrationResponse = z
  .object({
    ...credentialJson,
    response: z.object({
      clientDataJSON: base64url(4096),
      attestationObject: base64url(65_536),
      transports: Transports.optional(),
    }),
  })
  .meta({ id: 'PasskeyRegistrationResponse' });

/** A passkey's signature, as the browser answers `navigator.credentials.get`. */
export const PasskeyAuthenticationResponse = z
  .object({
    ...credentialJson,
    response: z.object({
      clientDataJSON: base64url(4096),
      authenticatorData: base64url(4096),
      // Room for post-quantum signatures: ML-DSA-44, which the library offers, signs with 2,420 bytes.
      signature: base64url(8192),
      userHandle: base64url(128).optional(),
    }),
  })
  .meta({ id: 'PasskeyAuthenticationResponse' });

export const PasskeyName = text({ error: /*i18n*/ 'Name the passkey' })
  .trim()
  .min(1, { error: /*i18n*/ 'Name the passkey' })
  .max(100, { error: /*i18n*/ 'Use a name of at most 100 characters' });

export const Passkey = z
  .object({
    id: z.uuid(),
    name: z.string(),
    created: IsoDateTime,
    last_used: IsoDateTime.nullable(),
    /** Backed up by its provider and so on the holder's other devices too (a synced passkey). */
    synced: z.boolean(),
  })
  .meta({ id: 'Passkey' });
export type Passkey = z.infer<typeof Passkey>;

export const passkeyRoutes = {
  registrationOptions: defineRoute({
    method: 'POST',
    path: '/account/passkeys/registration-options',
    access: sessionAccess,
    beforeSecondFactor: true,
    summary: `Begin adding a passkey (your own sign-in only); the challenge lasts ${PASSKEY_CHALLENGE_MINUTES} minutes`,
    response: PasskeyCreationOptions,
  }),
  register: defineRoute({
    method: 'POST',
    creates: true,
    path: '/account/passkeys',
    access: sessionAccess,
    beforeSecondFactor: true,
    summary:
      "Add the passkey the browser made; a user's first second factor comes with recovery codes, shown once",
    body: z.object({ name: PasskeyName, response: PasskeyRegistrationResponse }),
    response: Passkey.extend({ recovery_codes: z.array(z.string()).nullable() }).meta({
      id: 'RegisteredPasskey',
    }),
  }),
  list: defineRoute({
    method: 'GET',
    path: '/account/passkeys',
    access: sessionAccess,
    beforeSecondFactor: true,
    summary: 'Your passkeys, newest first',
    response: dataEnvelope(z.array(Passkey)),
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/account/passkeys/{id}',
    access: sessionAccess,
    summary: 'Remove one of your passkeys (your own sign-in only): it signs no one in from now on',
    params: z.object({ id: z.uuid({ error: /*i18n*/ 'No such passkey' }) }),
  }),
};

/** The login page's passkey sign-in: only the public site calls it, so the portal's table leaves it out. */
export const passkeySignInRoutes = {
  options: defineRoute({
    method: 'POST',
    path: '/auth/passkey/options',
    access: publicAccess,
    summary: 'Begin a sign-in with a passkey: no address needed, the passkey names its holder',
    response: PasskeyRequestOptions,
  }),
  signIn: defineRoute({
    method: 'POST',
    path: '/auth/passkey',
    access: publicAccess,
    summary: 'Sign in with a passkey (it verifies its holder, so it is both factors)',
    body: z.object({ response: PasskeyAuthenticationResponse }),
    response: SessionData,
  }),
};
