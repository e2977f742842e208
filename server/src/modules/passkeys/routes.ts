import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import { brand } from '@tidewatch/content';
import { contract, PASSKEY_CHALLENGE_MINUTES, type Passkey, REFUSALS } from '@tidewatch/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireOwnSession } from '../../core/access';
import { appendActivity } from '../../core/audit-log';
import { signsInThroughProviderOnly } from '../../core/company-sign-in';
import { implement } from '../../core/route';
import { findCustomer } from '../../core/tenant';
import type { PasskeyRow } from '../../db/schema';
import { conflict, HttpError, notFound, unauthorised } from '../../lib/http-error';
import { completeSignIn, deviceCookies, failureThrottle, issueRecoveryCodes, LOGIN_THROTTLE } from '../auth';
import { twoFactorRequiredFor } from '../two-factor';
import { findUserById } from '../users';
import {
  claimChallenge,
  findPasskeyByCredentialId,
  insertChallenge,
  insertPasskey,
  passkeysOf,
  recordPasskeyUse,
  removePasskey,
} from './repository';

const CHALLENGE_MS = PASSKEY_CHALLENGE_MINUTES * 60_000;

/** What the authenticator stores as the passkey's user handle, and gives back at each sign-in. */
const userHandleOf = (userId: string) => isoUint8Array.fromUTF8String(userId);

function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    created: row.createdAt.toISOString(),
    last_used: row.lastUsedAt?.toISOString() ?? null,
    synced: row.backedUp,
  };
}

/** The challenge a ceremony's answer signed, from its client data; null when that is unreadable. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const { challenge } = decodeClientDataJSON(clientDataJSON);
    return typeof challenge === 'string' ? challenge : null;
  } catch {
    return null;
  }
}

/** The library throws where a check fails; either way the answer is the same refusal. */
async function verified<T>(check: () => Promise<T>): Promise<T | null> {
  try {
    return await check();
  } catch {
    return null;
  }
}

/**
 * Passkeys (WebAuthn): added and removed in the account, and signed in with from the login page.
 * The relying party is the PUBLIC_URL's host and origin; every challenge is used once, within
 * {@link PASSKEY_CHALLENGE_MINUTES} minutes, and every verification result is checked.
 */
export async function passkeyRoutes(
  app: FastifyInstance,
  options: { publicUrl: string; secret: string; secureCookies: boolean },
) {
  const { db } = app;
  const publicUrl = new URL(options.publicUrl);
  const relyingParty = { id: publicUrl.hostname, origin: publicUrl.origin };
  const devices = deviceCookies(options);
  // A failed passkey is a guess like a wrong password: it counts against the address.
  const signInThrottle = failureThrottle(app, {
    windowMs: LOGIN_THROTTLE.windowMs,
    refusal: REFUSALS.tooManySignIns,
    limits: [{ max: LOGIN_THROTTLE.perAddress, key: (request) => `passkey:address:${request.ip}` }],
  });

  const storeChallenge = (
    challenge: string,
    purpose: 'registration' | 'authentication',
    userId: string | null,
  ) => {
    const now = app.now();
    return insertChallenge(
      db,
      { challenge, purpose, userId, expiresAt: new Date(now.getTime() + CHALLENGE_MS) },
      now,
    );
  };

  /** Counts the failure and refuses with the one text every failed passkey sign-in gets. */
  async function refuseSignIn(request: FastifyRequest): Promise<never> {
    await signInThrottle.countFailure(request);
    throw unauthorised(REFUSALS.passkeySignInFailed);
  }

  implement(app, contract.passkeys, {
    async registrationOptions(request) {
      const auth = requireOwnSession(request);
      const registered = await passkeysOf(db, auth.user.id);
      const creation = await generateRegistrationOptions({
        rpName: brand.product,
        rpID: relyingParty.id,
        userName: auth.user.email,
        userDisplayName: auth.user.name,
        userID: userHandleOf(auth.user.id),
        attestationType: 'none',
        excludeCredentials: registered.map((passkey) => ({
          id: passkey.credentialId,
          transports: passkey.transports,
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await storeChallenge(creation.challenge, 'registration', auth.user.id);
      return creation;
    },

    async register(request) {
      const auth = requireOwnSession(request);
      const { name, response } = request.body;
      const notVerified = new HttpError(400, REFUSALS.passkeyNotVerified);
      // Only a challenge handed to this very user, unexpired and unused, registers a passkey.
      const challenge = challengeOf(response.response.clientDataJSON);
      if (challenge === null) throw notVerified;
      const claim = { challenge, purpose: 'registration', userId: auth.user.id, now: app.now() } as const;
      if (!(await claimChallenge(db, claim))) throw notVerified;
      const result = await verified(() =>
        verifyRegistrationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: relyingParty.origin,
          expectedRPID: relyingParty.id,
          requireUserVerification: true,
        }),
      );
      if (!result?.verified) throw notVerified;
      const { credential, credentialDeviceType, credentialBackedUp } = result.registrationInfo;
      const firstFactor = !auth.user.totpEnabledAt && (await passkeysOf(db, auth.user.id)).length === 0;
      const at = app.now();
      const stored = await insertPasskey(db, {
        userId: auth.user.id,
        credentialId: credential.id,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: response.response.transports ?? [],
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
        name,
        createdAt: at,
        lastUsedAt: null,
      });
      if (!stored) throw conflict(REFUSALS.passkeyRegisteredAlready);
      await appendActivity(db, request, auth, 'passkey.add', auth.user.customerId, { target: name });
      return {
        ...toPasskey(stored),
        recovery_codes: firstFactor ? await issueRecoveryCodes(db, auth.user.id) : null,
      };
    },

    async list(request) {
      const auth = requireOwnSession(request);
      return { data: (await passkeysOf(db, auth.user.id)).map(toPasskey) };
    },

    async remove(request) {
      const auth = requireOwnSession(request);
      // Without an authenticator app, the last passkey is the only second factor left.
      const keepLast = !auth.user.totpEnabledAt && (await twoFactorRequiredFor(app, auth.user));
      const removed = await removePasskey(db, auth.user.id, request.params.id, keepLast);
      if (removed === 'last') throw conflict(REFUSALS.lastPasskeyRequired);
      if (!removed) throw notFound(REFUSALS.noSuchPasskey);
      await appendActivity(db, request, auth, 'passkey.remove', auth.user.customerId, {
        target: removed.name,
      });
    },
  });

  implement(app, contract.passkeySignIn, {
    async options() {
      const request = await generateAuthenticationOptions({
        rpID: relyingParty.id,
        allowCredentials: [],
        userVerification: 'required',
      });
      await storeChallenge(request.challenge, 'authentication', null);
      return request;
    },

    async signIn(request, reply) {
      await signInThrottle.assertAllowed(request);
      const { response } = request.body;
      const challenge = challengeOf(response.response.clientDataJSON);
      if (challenge === null) return refuseSignIn(request);
      const now = app.now();
      const claimed = await claimChallenge(db, { challenge, purpose: 'authentication', userId: null, now });
      const passkey = claimed ? await findPasskeyByCredentialId(db, response.id) : null;
      const user = passkey ? await findUserById(db, passkey.userId) : null;
      const customer = user?.active ? await findCustomer(db, user.customerId) : null;
      if (!passkey || !user || !customer?.active) return refuseSignIn(request);
      // The authenticator names the account it holds the passkey for: it must be the passkey's own.
      const { userHandle } = response.response;
      if (userHandle !== undefined && userHandle !== isoBase64URL.fromBuffer(userHandleOf(user.id))) {
        return refuseSignIn(request);
      }
      const result = await verified(() =>
        verifyAuthenticationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: relyingParty.origin,
          expectedRPID: relyingParty.id,
          requireUserVerification: true,
          credential: {
            id: passkey.credentialId,
            publicKey: new Uint8Array(passkey.publicKey),
            counter: passkey.counter,
            transports: passkey.transports,
          },
        }),
      );
      if (!result?.verified) return refuseSignIn(request);
      const { newCounter, credentialBackedUp } = result.authenticationInfo;
      const recorded = await recordPasskeyUse(db, passkey, {
        counter: newCounter,
        backedUp: credentialBackedUp,
        at: now,
      });
      if (!recorded) return refuseSignIn(request);
      // Where the customer signs in through its identity provider only, a passkey does not sign in either.
      if (await signsInThroughProviderOnly(db, user.customerId)) {
        throw unauthorised(REFUSALS.useCompanySignIn);
      }
      return completeSignIn(app, request, reply, devices, { user, customer });
    },
  });
}
