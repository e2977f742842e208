import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { customers, passkeys, recoveryCodes, users, webauthnChallenges } from '../src/db/schema';
import { DEMO_PASSWORD } from '../src/seed/demo';
import { json, type TestBrowser, useTestApp } from './helpers';

const t = useTestApp();
/** The test config's PUBLIC_URL is http://localhost:3000. */
const ORIGIN = 'http://localhost:3000';
const RP_ID = 'localhost';
const MINUTE_MS = 60_000;

const b64 = (bytes: Uint8Array | Buffer) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** Authenticator data flags: user present, user verified, backup eligible, backed up, attested credential data. */
const FLAGS = { up: 0x01, uv: 0x04, be: 0x08, bs: 0x10, at: 0x40 };

/**
 * A software authenticator: one ES256 (P-256) passkey with "none" attestation, answering the
 * ceremonies as a browser would, with knobs to misbehave (another origin or RP id, no user
 * verification, a counter of our choosing).
 */
class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  readonly privateKey: KeyObject;
  readonly cosePublicKey: Uint8Array;
  counter = 0;

  constructor(readonly userId: string) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.cosePublicKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
  }

  get id() {
    return b64(this.credentialId);
  }

  private authenticatorData(rpId: string, flags: number, attested?: Uint8Array) {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), counter, attested ?? Buffer.alloc(0)]);
  }

  private clientData(type: string, challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  register(challenge: string, { origin = ORIGIN, rpId = RP_ID, uv = true } = {}) {
    const length = Buffer.alloc(2);
    length.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), length, this.credentialId, this.cosePublicKey]);
    const flags = FLAGS.up | (uv ? FLAGS.uv : 0) | FLAGS.be | FLAGS.bs | FLAGS.at;
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', this.authenticatorData(rpId, flags, attested)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(this.clientData('webauthn.create', challenge, origin)),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
    };
  }

  signIn(
    challenge: string,
    { origin = ORIGIN, rpId = RP_ID, uv = true, userHandle = this.userId as string | null } = {},
  ) {
    this.counter += 1;
    const authenticatorData = this.authenticatorData(
      rpId,
      FLAGS.up | (uv ? FLAGS.uv : 0) | FLAGS.be | FLAGS.bs,
    );
    const clientDataJSON = this.clientData('webauthn.get', challenge, origin);
    const signature = sign(
      'sha256',
      Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
      this.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authenticatorData),
        signature: b64(signature),
        ...(userHandle !== null && { userHandle: b64(Buffer.from(userHandle)) }),
      },
    };
  }
}

async function userIdOf(email: string): Promise<string> {
  const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}

async function registrationChallenge(browser: TestBrowser): Promise<string> {
  const response = await browser.request('/api/account/passkeys/registration-options', { method: 'POST' });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ challenge: string }>(response).challenge;
}

async function signInChallenge(browser: TestBrowser): Promise<string> {
  const response = await browser.request('/api/auth/passkey/options', { method: 'POST' });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ challenge: string }>(response).challenge;
}

/** Signs in with the password, adds a passkey held by a new software authenticator, and answers both. */
async function withPasskey(email: string, name = 'Laptop') {
  const browser = await t.signedIn(email);
  const authenticator = new SoftAuthenticator(await userIdOf(email));
  const registered = await browser.request('/api/account/passkeys', {
    method: 'POST',
    body: { name, response: authenticator.register(await registrationChallenge(browser)) },
  });
  expect(registered.statusCode, registered.body).toBe(200);
  return {
    browser,
    authenticator,
    passkey: json<{ id: string; recovery_codes: string[] | null }>(registered),
  };
}

const signInWith = (browser: TestBrowser, response: unknown) =>
  browser.request('/api/auth/passkey', { method: 'POST', body: { response } });

beforeEach(async () => {
  const { db } = t.database;
  await db.delete(passkeys);
  await db.delete(webauthnChallenges);
  await db.delete(recoveryCodes);
});

describe('passkeys', () => {
  it('registers a passkey, signs in with it and records its counter and last use', async () => {
    const { browser, authenticator, passkey } = await withPasskey('user@acme.example', '  Work laptop ');
    expect(passkey).toMatchObject({ name: 'Work laptop', last_used: null, synced: true });
    expect(passkey.recovery_codes).toHaveLength(10);

    const listed = json<{ data: { id: string; name: string }[] }>(
      await browser.request('/api/account/passkeys'),
    );
    expect(listed.data.map((row) => row.name)).toEqual(['Work laptop']);

    const options = json<{ allowCredentials: unknown[]; userVerification: string; rpId: string }>(
      await t.browser().request('/api/auth/passkey/options', { method: 'POST' }),
    );
    expect(options).toMatchObject({ allowCredentials: [], userVerification: 'required', rpId: RP_ID });

    const visitor = t.browser();
    const signedIn = await signInWith(visitor, authenticator.signIn(await signInChallenge(visitor)));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(json<{ user: { 'user/email': string } }>(signedIn).user['user/email']).toBe('user@acme.example');
    expect((await visitor.request('/api/auth')).statusCode).toBe(200);

    const [stored] = await t.database.db.select().from(passkeys).where(eq(passkeys.id, passkey.id));
    expect(stored).toMatchObject({ counter: 1, lastUsedAt: t.clock.now() });

    // A second passkey is not the first factor: it comes without new codes.
    const second = new SoftAuthenticator(await userIdOf('user@acme.example'));
    const again = await browser.request('/api/account/passkeys', {
      method: 'POST',
      body: { name: 'Phone', response: second.register(await registrationChallenge(browser)) },
    });
    expect(json(again).recovery_codes).toBeNull();
  });

  it('offers the registration the user, a discoverable passkey with user verification, and excludes the ones held', async () => {
    const { browser, authenticator } = await withPasskey('user@acme.example');
    const options = json<{
      rp: { id: string };
      user: { id: string; name: string };
      authenticatorSelection: { residentKey: string; userVerification: string };
      excludeCredentials: { id: string }[];
    }>(await browser.request('/api/account/passkeys/registration-options', { method: 'POST' }));
    expect(options.rp.id).toBe(RP_ID);
    expect(options.user.name).toBe('user@acme.example');
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    expect(options.excludeCredentials.map((credential) => credential.id)).toEqual([authenticator.id]);
  });

  it('refuses a replayed challenge, a wrong origin, a wrong RP id and a sign-in without user verification', async () => {
    const { browser: holder, authenticator } = await withPasskey('user@acme.example');
    const visitor = t.browser();
    const challenge = await signInChallenge(visitor);
    expect((await signInWith(visitor, authenticator.signIn(challenge))).statusCode).toBe(200);
    const replayed = await signInWith(t.browser(), authenticator.signIn(challenge));
    expect(replayed.statusCode).toBe(401);
    expect(json(replayed).message).toBe(
      'This passkey could not sign you in. Try again, or log in with your password.',
    );

    for (const misbehaviour of [
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { uv: false },
    ]) {
      const browser = t.browser();
      const refused = await signInWith(
        browser,
        authenticator.signIn(await signInChallenge(browser), misbehaviour),
      );
      expect(refused.statusCode, JSON.stringify(misbehaviour)).toBe(401);
    }

    // A registration answered for another origin or RP id is refused too.
    for (const misbehaviour of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }]) {
      const other = new SoftAuthenticator(await userIdOf('user@acme.example'));
      const refused = await holder.request('/api/account/passkeys', {
        method: 'POST',
        body: { name: 'Other', response: other.register(await registrationChallenge(holder), misbehaviour) },
      });
      expect(refused.statusCode, JSON.stringify(misbehaviour)).toBe(400);
      expect(json(refused).message).toBe('Your passkey could not be checked; try adding it again');
    }
  });

  it('refuses a counter that goes backwards, and an expired challenge', async () => {
    const { authenticator } = await withPasskey('user@acme.example');
    const visitor = t.browser();
    authenticator.counter = 10;
    expect((await signInWith(visitor, authenticator.signIn(await signInChallenge(visitor)))).statusCode).toBe(
      200,
    );
    authenticator.counter = 3;
    const cloned = await signInWith(visitor, authenticator.signIn(await signInChallenge(visitor)));
    expect(cloned.statusCode).toBe(401);
    const [stored] = await t.database.db.select().from(passkeys);
    expect(stored?.counter).toBe(11);

    const challenge = await signInChallenge(visitor);
    t.clock.advance(6 * MINUTE_MS);
    authenticator.counter = 20;
    expect((await signInWith(visitor, authenticator.signIn(challenge))).statusCode).toBe(401);
  });

  it("refuses another user's credential and a registration with a challenge issued to someone else", async () => {
    const { browser: user, authenticator } = await withPasskey('user@acme.example');
    const visitor = t.browser();
    const mismatch = await signInWith(
      visitor,
      authenticator.signIn(await signInChallenge(visitor), {
        userHandle: await userIdOf('manager@acme.example'),
      }),
    );
    expect(mismatch.statusCode).toBe(401);

    const manager = await t.signedIn('manager@acme.example');
    const managersChallenge = await registrationChallenge(manager);
    const stolen = await user.request('/api/account/passkeys', {
      method: 'POST',
      body: { name: 'Stolen', response: new SoftAuthenticator('x').register(managersChallenge) },
    });
    expect(stolen.statusCode).toBe(400);
    // A sign-in challenge registers nothing either.
    const signInOnly = await user.request('/api/account/passkeys', {
      method: 'POST',
      body: { name: 'Wrong', response: new SoftAuthenticator('x').register(await signInChallenge(user)) },
    });
    expect(signInOnly.statusCode).toBe(400);
  });

  it('counts failed passkey sign-ins against the address and then answers 429', async () => {
    const forged = new SoftAuthenticator('nobody').signIn('bm90LWEtY2hhbGxlbmdl');
    const visitor = t.browser();
    let last = 0;
    for (let attempt = 0; attempt < 31; attempt++) {
      last = (await signInWith(visitor, forged)).statusCode;
    }
    expect(last).toBe(429);
  });

  it('answers 400 with field errors for bad bodies', async () => {
    const browser = await t.signedIn('user@acme.example');
    const noName = await browser.request('/api/account/passkeys', {
      method: 'POST',
      body: { name: '  ', response: new SoftAuthenticator('x').register('abc') },
    });
    expect(noName.statusCode).toBe(400);
    expect(json<{ fieldErrors: Record<string, string[]> }>(noName).fieldErrors.name).toEqual([
      'Name the passkey',
    ]);
    const longName = await browser.request('/api/account/passkeys', {
      method: 'POST',
      body: { name: 'x'.repeat(101), response: new SoftAuthenticator('x').register('abc') },
    });
    expect(json<{ fieldErrors: Record<string, string[]> }>(longName).fieldErrors.name).toBeDefined();
    for (const response of [{}, { id: 'not base64!', response: {} }, 'text']) {
      const refused = await browser.request('/api/account/passkeys', {
        method: 'POST',
        body: { name: 'Key', response },
      });
      expect(refused.statusCode).toBe(400);
      expect(json<{ fieldErrors?: object }>(refused).fieldErrors).toBeDefined();
    }
    const badSignIn = await t.browser().request('/api/auth/passkey', {
      method: 'POST',
      body: { response: { id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: 'a' } } },
    });
    expect(badSignIn.statusCode).toBe(400);
    expect(json<{ fieldErrors?: object }>(badSignIn).fieldErrors).toBeDefined();
    expect((await browser.request('/api/account/passkeys/not-a-uuid', { method: 'DELETE' })).statusCode).toBe(
      400,
    );
  });

  it("keeps each user's passkeys to themselves: another's is not found", async () => {
    const { passkey } = await withPasskey('user@acme.example');
    const manager = await t.signedIn('manager@acme.example');
    expect(json<{ data: unknown[] }>(await manager.request('/api/account/passkeys')).data).toEqual([]);
    const removed = await manager.request(`/api/account/passkeys/${passkey.id}`, { method: 'DELETE' });
    expect(removed.statusCode).toBe(404);
    expect(json(removed).message).toBe('No such passkey');
    expect(await t.database.db.select().from(passkeys)).toHaveLength(1);
  });

  it('lets no one acting as the user add or remove a passkey', async () => {
    const { passkey } = await withPasskey('user@acme.example');
    const admin = await t.signedIn('admin@tidewatch.example');
    const started = await admin.request('/api/auth/impersonate', {
      method: 'POST',
      body: { 'user-id': await userIdOf('user@acme.example'), reason: 'Ticket 4711: passkeys' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const options = await admin.request('/api/account/passkeys/registration-options', { method: 'POST' });
    expect(options.statusCode).toBe(403);
    const register = await admin.request('/api/account/passkeys', {
      method: 'POST',
      body: { name: 'Staff key', response: new SoftAuthenticator('x').register('abc') },
    });
    expect(register.statusCode).toBe(403);
    expect(
      (await admin.request(`/api/account/passkeys/${passkey.id}`, { method: 'DELETE' })).statusCode,
    ).toBe(403);
  });

  it('removes a passkey, and refuses the last second factor where two-factor sign-in is required', async () => {
    const { browser, passkey } = await withPasskey('user@acme.example');
    await t.database.db.update(customers).set({ requireTwoFactor: true }).where(eq(customers.id, 'acmecorp'));
    try {
      const refused = await browser.request(`/api/account/passkeys/${passkey.id}`, { method: 'DELETE' });
      expect(refused.statusCode).toBe(409);
    } finally {
      await t.database.db
        .update(customers)
        .set({ requireTwoFactor: false })
        .where(eq(customers.id, 'acmecorp'));
    }
    const removed = await browser.request(`/api/account/passkeys/${passkey.id}`, { method: 'DELETE' });
    expect(removed.statusCode).toBe(204);
    expect(await t.database.db.select().from(passkeys)).toEqual([]);
    const activity = json<{ data: { action: string; target: string }[] }>(
      await (await t.signedIn('manager@acme.example')).request(
        '/api/customer/acmecorp/activity?kind=sign_in',
      ),
    ).data;
    expect(activity.map((event) => [event.action, event.target])).toEqual(
      expect.arrayContaining([
        ['passkey.add', 'Laptop'],
        ['passkey.remove', 'Laptop'],
      ]),
    );
  });

  it('makes the password sign-in of a passkey holder ask for the second step, which a recovery code passes', async () => {
    const { passkey } = await withPasskey('user@acme.example');
    const browser = t.browser();
    const asked = await browser.login('user@acme.example');
    expect(asked.statusCode).toBe(401);
    expect(json<{ fieldErrors: { code: string[] } }>(asked).fieldErrors.code).toEqual([
      'Use your passkey, or enter one of your recovery codes',
    ]);
    const wrongCode = await browser.request('/api/auth', {
      method: 'POST',
      body: { email: 'user@acme.example', password: DEMO_PASSWORD, code: '123456' },
    });
    expect(wrongCode.statusCode).toBe(401);
    const [code] = passkey.recovery_codes ?? [];
    const passed = await browser.request('/api/auth', {
      method: 'POST',
      body: { email: 'user@acme.example', password: DEMO_PASSWORD, code },
    });
    expect(passed.statusCode, passed.body).toBe(200);
  });
});
